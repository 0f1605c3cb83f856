// @vitest-environment node
/** Provisioning that fails says so without leaking where the servers are. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
beforeAll(async () => {
  // Nothing listens on port 1: every project in eu-west-1 fails to provision.
  tp = await startTestPlatform({ projectDbServers: 'eu-west-1=postgres://admin:s3cret@127.0.0.1:1/postgres', provisionMaxAttempts: 1 })
})
afterAll(async () => tp?.close())

it('marks the project INIT_FAILED with a message that names no server or role', async () => {
  const { token } = await tp.signUp()
  await tp.call('POST', '/platform/profile', { token })
  const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Unlucky' } })).body
  const created = await tp.call('POST', '/platform/projects', { token, body: { name: 'Doomed', organization_slug: org.slug, region: 'eu-west-1' } })
  expect(created.status).toBe(201)
  await settle(tp.platform)
  const detail = (await tp.call('GET', `/platform/projects/${created.body.ref}`, { token })).body
  expect(detail.status).toBe('INIT_FAILED')
  expect(detail.status_message).toContain('could not be created')
  expect(detail.status_message).toContain(created.body.ref)
  expect(detail.status_message).not.toMatch(/127\.0\.0\.1|admin|s3cret/)
  const sql = await tp.call('POST', `/platform/pg-meta/${created.body.ref}/query`, { token, body: { query: 'select 1' } })
  expect(sql.status).toBe(409)
})
