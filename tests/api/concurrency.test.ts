// @vitest-environment node
/**
 * Many project creations at once on a PostgreSQL control plane: every request answers, the
 * instance keeps answering everything else meanwhile, and every project comes up, also when an
 * instance stops with work left and another one picks it up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster'

async function owner(tp: TestPlatform) {
  const { token } = await tp.signUp()
  await tp.call('POST', '/platform/profile', { token })
  // On Pro: no limit on active projects (a project is on its organization's plan).
  const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Busy', tier: 'tier_pro' } })).body
  return { token, slug: org.slug as string }
}

async function createAtOnce(tp: TestPlatform, token: string, slug: string, count: number) {
  const creations = Array.from({ length: count }, (_, i) =>
    tp.call('POST', '/platform/projects', { token, body: { name: `Project ${i}`, organization_slug: slug, plan: 'pro' } })
  )
  // While they run, the instance answers other requests.
  const meanwhile = await tp.call('GET', '/platform/organizations', { token })
  expect(meanwhile.status).toBe(200)
  const answers = await Promise.all(creations)
  expect(answers.map((a) => a.status)).toEqual(Array(count).fill(201))
  return answers.map((a) => a.body.ref as string)
}

async function expectAllHealthy(tp: TestPlatform, token: string, refs: string[]) {
  await expect
    .poll(
      async () => {
        const list = (await tp.call('GET', '/platform/projects', { token })).body as { ref: string; status: string }[]
        return list.filter((p) => refs.includes(p.ref) && p.status === 'ACTIVE_HEALTHY').length
      },
      { timeout: 120_000, interval: 250 }
    )
    .toBe(refs.length)
}

describe.runIf(pgClusterAvailable())('concurrent project creation on a PostgreSQL control plane', () => {
  let cluster: PgCluster
  beforeAll(async () => {
    cluster = await startPgCluster()
  })
  afterAll(async () => cluster?.stop())

  it('10 creations at once (embedded databases) all answer and all come up', async () => {
    const tp = await startTestPlatform({ platformDatabaseUrl: cluster.url })
    try {
      const { token, slug } = await owner(tp)
      const refs = await createAtOnce(tp, token, slug, 10)
      await expectAllHealthy(tp, token, refs)
      const sql = await tp.call('POST', `/platform/pg-meta/${refs[9]}/query`, { token, body: { query: 'select 1 as ok' } })
      expect(sql.body).toEqual([{ ok: 1 }])
    } finally {
      await tp.close()
    }
  })

  it('50 creations at once (databases on a server) all answer and all come up', async () => {
    const tp = await startTestPlatform({ platformDatabaseUrl: cluster.url, projectDbServers: `*=${cluster.url}` })
    try {
      const { token, slug } = await owner(tp)
      const refs = await createAtOnce(tp, token, slug, 50)
      await expectAllHealthy(tp, token, refs)
    } finally {
      await tp.close()
    }
    // 50 databases made at once, then up to two minutes of polling for them.
  }, 300_000)

  it('work left by a stopped instance is picked up by the next one', async () => {
    const shared = { platformDatabaseUrl: cluster.url, projectDbServers: `*=${cluster.url}`, jwtSecret: 'one secret for both' }
    // This instance takes creations but sets nothing up (as if it stopped right after answering).
    const first = await startTestPlatform({ ...shared, provisionConcurrency: 0 })
    const { token, slug } = await owner(first)
    const refs = await createAtOnce(first, token, slug, 10)
    await first.close()
    const second = await startTestPlatform(shared)
    try {
      await expectAllHealthy(second, token, refs)
    } finally {
      await second.close()
    }
  })
})
