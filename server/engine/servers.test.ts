// @vitest-environment node
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { expect, it } from 'vitest'
import type { ServerConfig } from '../config'
import { freePort } from './cluster'
import { earlierVersionData, needsEngine, resolveDatabaseServers } from './servers'

const URL_A = 'postgresql://admin@db.internal/postgres'

it.each([
  [{ isPlatform: true }, true, 'nothing given: everything on the engine'],
  [{ isPlatform: true, platformDatabaseUrl: URL_A }, true, 'projects still need a home'],
  [{ isPlatform: true, platformDatabaseUrl: URL_A, projectDbServers: `eu-west-1=${URL_A}` }, true, 'regions not named go to the engine'],
  [{ isPlatform: true, platformDatabaseUrl: URL_A, projectDbServers: `*=${URL_A}` }, false, 'every region has a server'],
  [{ isPlatform: true, platformDatabaseUrl: URL_A, projectDbServers: URL_A }, false, 'a bare URL serves every region'],
  [{ isPlatform: false, databaseUrl: URL_A }, true, 'self-hosted: the control plane still needs a home'],
  [{ isPlatform: false, databaseUrl: URL_A, platformDatabaseUrl: URL_A }, false, 'self-hosted with both given'],
  [{ isPlatform: false, platformDatabaseUrl: URL_A }, true, 'self-hosted: the default project goes to the engine'],
] as [Partial<ServerConfig>, boolean, string][])('needsEngine(%o) is %s: %s', (config, expected) => {
  expect(needsEngine(config as Parameters<typeof needsEngine>[0])).toBe(expected)
})

it('starts the engine with the control plane in its `platform` database, and moves stored locations when its port changed', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-servers-'))
  fs.chmodSync(dataDir, 0o755)
  const config = (port: number) => ({ isPlatform: true, dataDir, embeddedDb: { port } }) as ServerConfig
  const first = await resolveDatabaseServers(config(await freePort()))
  const oldPort = first.engine!.port
  try {
    expect(new URL(first.platformDatabaseUrl).pathname).toBe('/platform')
    expect(first.projectDbServers).toBe(`*=${first.engine!.adminUrl()}`)
    const client = new pg.Client({ connectionString: first.platformDatabaseUrl })
    await client.connect()
    await client.query(`create table projects (ref text, db_location jsonb)`)
    const at = (port: number) => `postgresql://p_x:pw@127.0.0.1:${port}/p_x`
    await client.query(`insert into projects values ('x', $1), ('y', $2)`, [
      JSON.stringify({ kind: 'server', ref: 'x', url: at(oldPort), readOnlyUrl: at(oldPort).replace('p_x:', 'p_x_ro:') }),
      JSON.stringify({ kind: 'server', ref: 'y', url: 'postgresql://p_y:pw@db.internal:5432/p_y' }),
    ])
    await client.end()
  } finally {
    await first.engine!.stop()
  }
  const newPort = await freePort()
  const second = await resolveDatabaseServers(config(newPort))
  try {
    expect(second.engine!.previousPort).toBe(oldPort)
    const client = new pg.Client({ connectionString: second.platformDatabaseUrl })
    await client.connect()
    await second.followPort({ query: async (sql, params) => (await client.query(sql, params)).rows, exec: async () => {} })
    const rows = (await client.query<{ ref: string; url: string; ro: string | null }>(`select ref, db_location->>'url' as url, db_location->>'readOnlyUrl' as ro from projects order by ref`)).rows
    await client.end()
    expect(rows).toEqual([
      { ref: 'x', url: `postgresql://p_x:pw@127.0.0.1:${newPort}/p_x`, ro: `postgresql://p_x_ro:pw@127.0.0.1:${newPort}/p_x` },
      { ref: 'y', url: 'postgresql://p_y:pw@db.internal:5432/p_y', ro: null },
    ])
  } finally {
    await second.engine!.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

it('says when DATA_DIR holds an earlier version\'s data, and where to read how to carry it over', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-earlier-'))
  expect(earlierVersionData(dataDir)).toBeNull()
  fs.mkdirSync(path.join(dataDir, 'projects', 'abc'), { recursive: true })
  fs.mkdirSync(path.join(dataDir, 'platform'))
  expect(earlierVersionData(dataDir)).toMatch(/holds data of an earlier version of the platform \(platform\/, projects\/\).*docs\/self-hosting\.md \("Data from an earlier version"\)/)
  fs.rmSync(dataDir, { recursive: true, force: true })
})
