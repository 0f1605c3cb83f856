// @vitest-environment node
/** Self-hosted mode: no sign-in, one organization and one project `default`. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { freePort, hasPgBinaries, startPgCluster, type PgCluster } from '../helpers/pg-cluster'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform({ isPlatform: false, disabledFeatures: ['billing:all'] })
  await settle(tp.platform)
})
afterAll(async () => tp?.close())

it('serves the mode at run time', async () => {
  expect((await tp.call('GET', '/config')).body.isPlatform).toBe(false)
})

it('needs no token and has one project, default, that runs SQL', async () => {
  const profile = await tp.call('GET', '/platform/profile')
  expect(profile.status).toBe(200)
  expect(profile.body.disabled_features).toEqual(['billing:all'])
  const projects = await tp.call('GET', '/platform/projects')
  expect(projects.body.map((p: { ref: string }) => p.ref)).toEqual(['default'])
  const detail = await tp.call('GET', '/platform/projects/default')
  expect(detail.body.status).toBe('ACTIVE_HEALTHY')
  const rows = await tp.call('POST', '/platform/pg-meta/default/query', { body: { query: 'select 40 + 2 as answer' } })
  expect(rows.body).toEqual([{ answer: 42 }])
})

it('gives the default project storage: a bucket made in the dashboard, a file up by its signed URL and back', async () => {
  const made = await tp.call('POST', '/platform/storage/default/buckets', { body: { name: 'files' } })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const upload = await tp.call('POST', '/platform/storage/default/buckets/files/objects/upload-url', { body: { path: 'hello.txt' } })
  expect((await fetch(upload.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'self-hosted' })).status).toBe(200)
  const signed = await tp.call('POST', '/platform/storage/default/buckets/files/objects/sign', { body: { path: 'hello.txt' } })
  expect(await (await fetch(signed.body.url)).text()).toBe('self-hosted')
})

it.runIf(hasPgBinaries())('recovers when DATABASE_URL was down at start and comes up later', async () => {
  const port = await freePort()
  const down = await startTestPlatform({ isPlatform: false, databaseUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`, healthCheckIntervalMs: 200 })
  let cluster: PgCluster | undefined
  try {
    const before = (await down.call('GET', '/platform/projects/default')).body
    expect(before.status).toBe('ACTIVE_UNHEALTHY')
    expect(before.status_message).toContain('Cannot reach DATABASE_URL')
    const refused = await down.call('POST', '/platform/pg-meta/default/query', { body: { query: 'select 1' } })
    expect(refused.status).toBe(503)
    expect(refused.body.message).toContain('does not answer')

    cluster = await startPgCluster({ port })
    await expect.poll(async () => (await down.call('GET', '/platform/projects/default')).body.status, { timeout: 20_000 }).toBe('ACTIVE_HEALTHY')
    const after = (await down.call('GET', '/platform/projects/default')).body
    expect(after.dbVersion).toMatch(/^PostgreSQL 1\d/)
    const rows = await down.call('POST', '/platform/pg-meta/default/query', { body: { query: "select current_setting('port') as port" } })
    expect(rows.body).toEqual([{ port: String(port) }])
  } finally {
    await down.close()
    await cluster?.stop()
  }
})

it('keeps the default project, its data and its password from one start to the next on its own server', async () => {
  const { createPlatform, closePlatform } = await import('@/server/platform')
  const { testConfig } = await import('../helpers/test-platform')
  const { serve } = await import('@/server/standalone')
  const fs = await import('node:fs')
  const os = await import('node:os')
  const path = await import('node:path')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'self-hosted-restart-'))
  fs.chmodSync(dataDir, 0o755)
  const config = testConfig(dataDir, { isPlatform: false })
  const once = async <T>(fn: (call: (method: string, p: string, body?: unknown) => Promise<any>) => Promise<T>): Promise<T> => {
    const platform = await createPlatform(config)
    const server = await serve(platform)
    try {
      await settle(platform)
      return await fn(async (method, p, body) => {
        const res = await fetch(`${server.url}${p}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
        return res.json()
      })
    } finally {
      await server.close()
      await closePlatform(platform)
    }
  }
  try {
    const first = await once(async (call) => {
      await call('POST', '/platform/pg-meta/default/query', { query: 'create table kept (n int); insert into kept values (7)' })
      return (await call('GET', '/platform/projects/default/db-password')).password as string
    })
    const second = await once(async (call) => ({
      rows: await call('POST', '/platform/pg-meta/default/query', { query: 'select n from kept' }),
      password: (await call('GET', '/platform/projects/default/db-password')).password as string,
    }))
    expect(second.rows).toEqual([{ n: 7 }])
    expect(second.password).toBe(first)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
