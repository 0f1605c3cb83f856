// @vitest-environment node
/**
 * On a shared PostgreSQL server a project's role reaches its own database only: not the
 * control plane, not the maintenance database, not template1, not another project's database;
 * and its temporary files are bounded.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster'
import type { ProjectDbLocation } from '@/server/databases'

describe.runIf(pgClusterAvailable())('project roles on a shared server', () => {
  let cluster: PgCluster
  let tp: TestPlatform
  let alpha: string
  let beta: string

  beforeAll(async () => {
    cluster = await startPgCluster()
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query('create database control_plane')
    await admin.end()
    tp = await startTestPlatform({
      platformDatabaseUrl: cluster.url.replace(/\/postgres$/, '/control_plane'),
      projectDbServers: `*=${cluster.url}`,
      projectTempFileLimit: '64MB',
    })
    const { token } = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token })
    const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Neighbours' } })).body
    const create = async (name: string) => (await tp.call('POST', '/platform/projects', { token, body: { name, organization_slug: org.slug } })).body.ref
    alpha = await create('Alpha')
    beta = await create('Beta')
    await settle(tp.platform)
  })
  afterAll(async () => {
    await tp?.close()
    await cluster?.stop()
  })

  async function roleUrl(ref: string): Promise<URL> {
    const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [ref])
    if (row.db_location.kind !== 'server') throw new Error('expected a server location')
    return new URL(row.db_location.url)
  }

  async function connectError(url: URL, database: string): Promise<string | null> {
    const target = new URL(url)
    target.pathname = `/${database}`
    const client = new pg.Client({ connectionString: target.toString() })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.end()
      return null
    } catch (e) {
      return (e as pg.DatabaseError).code ?? (e as Error).message
    }
  }

  it.each(['control_plane', 'postgres', 'template1'])('cannot connect to %s', async (database) => {
    expect(await connectError(await roleUrl(alpha), database)).toBe('42501')
  })

  it("cannot connect to another project's database, but to its own", async () => {
    const url = await roleUrl(alpha)
    expect(await connectError(url, `p_${beta}`)).toBe('42501')
    expect(await connectError(url, `p_${alpha}`)).toBeNull()
  })

  it('has its temporary files bounded', async () => {
    const [{ show }] = JSON.parse(
      Buffer.from((await tp.platform.databases.run({ kind: 'server', ref: alpha, url: (await roleUrl(alpha)).toString() }, "select current_setting('temp_file_limit') as show", { timeoutMs: 5000, shape: 'last' })).json).toString()
    )
    expect(show).toBe('64MB')
  })
})
