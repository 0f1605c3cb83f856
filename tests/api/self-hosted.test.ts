// @vitest-environment node
/** Self-hosted mode: no sign-in, one organization and one project `default`. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

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
