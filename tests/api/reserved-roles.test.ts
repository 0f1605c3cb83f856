// @vitest-environment node
/**
 * The data API's role names on a server nobody used yet: a project that creates `anon` (or
 * another of them) first would become its admin member, and the platform would then refuse to
 * take it over, shutting the data API off for every project on the server. The names are taken
 * by the server's admin before the first project role exists.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startEngine, type Engine } from '@/server/engine/cluster'
import { createProjectDatabases, type ProjectDatabases, type ProjectDbLocation } from '@/server/databases'
import { RESERVED_ROLES } from '@/server/databases/reserved-roles'

let engine: Engine
let dbs: ProjectDatabases
let location: ProjectDbLocation
let dir: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserved-roles-'))
  engine = await startEngine({ dataDir: dir, port: 0, durable: false })
  dbs = createProjectDatabases({ projectDbServers: `*=${engine.adminUrl()}`, maxResultBytes: 1 << 20, tempFileLimit: '1GB', terminateGraceMs: 1000 })
  location = await dbs.provision('first_on_server', 'us-east-1')
})

afterAll(async () => {
  await dbs?.closeAll()
  await engine?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

it.each(RESERVED_ROLES)('a project cannot create %s first on a fresh server: the admin made it, and the project holds nothing of it', async (role) => {
  const client = new pg.Client({ connectionString: location.url })
  await client.connect()
  try {
    await expect(client.query(`create role ${role}`)).rejects.toThrow(/already exists/)
    const { rows } = await client.query(
      `select count(*)::int as n from pg_auth_members m join pg_roles t on t.oid = m.roleid where t.rolname = $1 and m.member = (select oid from pg_roles where rolname = current_user)`,
      [role]
    )
    expect(rows[0].n).toBe(0)
  } finally {
    await client.end()
  }
})
