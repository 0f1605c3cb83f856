// @vitest-environment node
/**
 * The project gateway (server/gateway/) with a service of the test's own beside the platform's:
 * what every service gets without writing it (the gate, the error shape, CORS, logs, egress), and
 * one release from every lifecycle path that changes a project under its services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectService, ReleaseReason, ServiceCall } from '@/server/gateway/types'
import { flushLogs } from '@/server/logs/recorder'
import { activeProject, ownerWithOrg } from '../helpers/project-backends'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

/** Answers `probe:{rest}` once the gate passed; refuses writes in read-only mode; throws at /boom. */
class ProbeService implements ProjectService {
  readonly name = 'probe'
  readonly logSource = 'edge_logs'
  readonly exposedHeaders = ['X-Probe']
  readonly released: { ref: string; reason: ReleaseReason }[] = []
  closed = false

  keyOptional(method: string, rest: string) {
    return method === 'GET' && rest === '/open'
  }

  refusedWhileReadOnly(method: string) {
    return method === 'GET' ? null : 'Read only.'
  }

  async serve(call: ServiceCall) {
    if (call.rest === '/boom') throw new Error('the probe broke')
    const gate = await call.pass()
    if (!gate) return
    call.res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Probe': gate.keyRole })
    call.res.end(`probe:${call.rest}`)
  }

  async release(ref: string, reason: ReleaseReason) {
    this.released.push({ ref, reason })
  }

  async close() {
    this.closed = true
  }
}

let tp: TestPlatform
let owner: string
let orgSlug: string
let ref: string
let anonKey: string
const probe = new ProbeService()

const keysOf = async (r: string) => (await tp.call('GET', `/platform/projects/${r}/api-settings?reveal=true`, { token: owner })).body as { anon_key: string; service_role_key: string }
const atProbe = (path: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${tp.url}/p/${ref}/probe/v1${path}`, { ...init, headers: { ...(init.key ? { apikey: init.key } : {}), ...(init.headers as Record<string, string>) } })
const releasesOf = (r: string) => probe.released.filter((entry) => entry.ref === r).map((entry) => entry.reason)

beforeAll(async () => {
  tp = await startTestPlatform()
  tp.platform.services.push(probe)
  const created = await ownerWithOrg(tp, 'Gateway Org')
  owner = created.token
  orgSlug = created.org.slug
  ref = await activeProject(tp, owner, orgSlug)
  anonKey = (await keysOf(ref)).anon_key
})
afterAll(async () => {
  await tp.close()
  expect(probe.closed).toBe(true)
})

describe('what every service gets from the gateway', () => {
  it('answers a segment no service has with 404, and the gate in one shape: no key, a key of another project, none needed for an open path', async () => {
    const none = await fetch(`${tp.url}/p/${ref}/nothing/v1/x`)
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ message: 'A project has no service at /nothing/v1.' })

    const keyless = await atProbe('/x')
    expect(keyless.status).toBe(401)
    expect(await keyless.json()).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' })
    expect(keyless.headers.get('access-control-allow-origin')).toBe('*')
    expect(keyless.headers.get('x-request-id')).toBeTruthy()

    const other = await activeProject(tp, owner, orgSlug)
    const foreign = await atProbe('/x', { key: (await keysOf(other)).anon_key })
    expect(foreign.status).toBe(401)
    expect((await foreign.json()).message).toBe('Invalid API key')

    const open = await atProbe('/open')
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('probe:/open')
    expect(open.headers.get('x-probe')).toBe('anon')
  })

  it("serves with this project's key: CORS with the service's own headers exposed, its bytes counted as egress and the request logged in its source", async () => {
    const before = tp.platform.egress.unflushed
    const res = await atProbe('/hello?apikey=x'.replace('x', anonKey))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('probe:/hello')
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Probe')
    expect(tp.platform.egress.unflushed - before).toBe('probe:/hello'.length)

    const preflight = await atProbe('/hello', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'x-upsert, upload-offset' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-upsert, upload-offset')
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()

    await flushLogs(tp.platform)
    const logs = await tp.call('GET', `/platform/projects/${ref}/logs?source=edge_logs&limit=1000`, { token: owner })
    const events = logs.body.events as { metadata: { request: { path: string }; response: { status_code: number; bytes: number }; key_role: string } }[]
    expect(events.find((e) => e.metadata.request.path === '/probe/v1/hello')).toMatchObject({ metadata: { key_role: 'anon', response: { status_code: 200, bytes: 12 } } })
    // A request whose key was not the project's is nobody's to read in the project's log.
    expect(events.some((e) => e.metadata.request.path === '/probe/v1/x')).toBe(false)
  })

  it("answers what a service throws with the gateway's 500, and applies the service's read-only rule", async () => {
    const boom = await atProbe('/boom', { key: anonKey })
    expect(boom.status).toBe(500)
    expect(await boom.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })

    await tp.platform.db.query('update projects set read_only_enforced = true where ref = $1', [ref])
    try {
      const write = await atProbe('/x', { method: 'POST', key: anonKey })
      expect(write.status).toBe(409)
      expect((await write.json()).hint).toBe('Read only.')
      expect((await atProbe('/x', { key: anonKey })).status).toBe(200)
    } finally {
      await tp.platform.db.query('update projects set read_only_enforced = false where ref = $1', [ref])
    }
  })
})

describe('one release from every lifecycle path', () => {
  it('backup, pause, transfer and delete each release the project from every service, with the reason', async () => {
    const backup = await tp.call('POST', `/platform/projects/${ref}/backups`, { token: owner })
    expect(backup.status).toBe(201)
    await settle(tp.platform)
    expect(releasesOf(ref)).toContain('backup')

    const elsewhere = (await tp.call('POST', '/platform/organizations', { token: owner, body: { name: 'Gateway Elsewhere' } })).body as { slug: string }
    const moved = await tp.call('POST', `/platform/projects/${ref}/transfer`, { token: owner, body: { target_organization_slug: elsewhere.slug } })
    expect(moved.status).toBe(200)
    expect(releasesOf(ref)).toContain('transfer')

    expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner })).status).toBe(200)
    await settle(tp.platform)
    expect(releasesOf(ref)).toContain('pause')

    expect((await tp.call('DELETE', `/platform/projects/${ref}`, { token: owner })).status).toBe(200)
    await settle(tp.platform)
    expect(releasesOf(ref)).toEqual(['backup', 'transfer', 'pause', 'delete'])
  })
})
