// @vitest-environment node
/**
 * PostgREST processes per app instance are capped (DATA_API_MAX_PROCESSES): one member with many
 * projects cannot fill the server's connections and the machine's memory with them. At the cap
 * the least recently used one is stopped; its next request starts it again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dataApiProcesses } from '@/server/data-api/data-api-service'
import { activeProject, ownerWithOrg, organizationOnPlan } from '../helpers/project-backends'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
let owner: string
const refs: string[] = []

beforeAll(async () => {
  tp = await startTestPlatform()
  tp.platform.config.dataApi = { ...tp.platform.config.dataApi, maxProcesses: 2 }
  const created = await ownerWithOrg(tp, 'Many APIs')
  owner = created.token
  await organizationOnPlan(tp, owner, created.org.slug, 'pro')
  for (let i = 0; i < 3; i++) refs.push(await activeProject(tp, owner, created.org.slug))
})
afterAll(async () => tp?.close())

async function read(ref: string) {
  const { anon_key } = (await tp.call('GET', `/platform/projects/${ref}/api-settings`, { token: owner })).body
  const res = await fetch(`${tp.url}/p/${ref}/rest/v1/`, { headers: { apikey: anon_key } })
  return res.status
}

it('stops the least recently used PostgREST at the cap, and starts it again on its next request', async () => {
  const processes = dataApiProcesses(tp.platform)
  expect(await read(refs[0])).toBe(200)
  expect(await read(refs[1])).toBe(200)
  // refs[0] used again: refs[1] is now the least recently used.
  expect(await read(refs[0])).toBe(200)
  expect(await read(refs[2])).toBe(200)
  expect(refs.map((r) => processes.isRunning(r))).toEqual([true, false, true])
  expect(await read(refs[1])).toBe(200)
  expect(refs.map((r) => processes.isRunning(r))).toEqual([false, true, true])
})
