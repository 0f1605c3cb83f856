// @vitest-environment node
/**
 * What one caller with a project's anon key can hold of that project's data API and auth service:
 * a request body is capped (413) and must arrive in time (408); a slow body never holds one of
 * PostgREST's connections (it is read whole first), and one client address has a bounded number
 * of requests under way (429).
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { dataApiProcesses } from '@/server/data-api/data-api-service'
import { underWayOf } from '@/server/gateway/admission'
import { asEngineAdmin, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf } from '../helpers/project-backends'

/** A raw request whose body is sent as the test says: answers the request and its answer's status and body. */
function rawRequest(url: string, { method = 'POST', headers = {} as Record<string, string> } = {}) {
  const request = http.request(url, { method, headers })
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.once('error', reject)
    })
    request.once('error', reject)
  })
  // A refused request is answered before its body ends: the rest of the writes then fail.
  answered.catch(() => undefined)
  return { request, answered }
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`data API limits: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let ref: string
    let anon: string
    let owner: string

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start({ dataApiMaxBodyBytes: 64 * 1024, bodyTimeoutMs: 2_000, dataApiMaxRequestsPerClient: 4, authMaxBodyBytes: 8 * 1024, trustProxyHops: 1 }))
      const created = await ownerWithOrg(tp, 'Limits Org')
      owner = created.token
      ref = await activeProject(tp, created.token, created.org.slug)
      anon = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: created.token })).body.anon_key
      await rowsOf(
        tp,
        created.token,
        ref,
        `create table public.notes (id serial primary key, body text); alter table public.notes enable row level security;
         create policy anyone on public.notes for all to anon using (true) with check (true); grant all on public.notes to anon; grant usage on sequence notes_id_seq to anon;
         create function public.shown_timeout() returns text language sql as $$ select current_setting('statement_timeout') $$;
         create function public.sleep_for(seconds int) returns void language plpgsql as $$ begin perform pg_sleep(seconds); end $$`
      )
    })
    afterAll(() => stop?.())

    const notes = () => `${tp.url}/p/${ref}/rest/v1/notes`
    const json = () => ({ apikey: anon, 'Content-Type': 'application/json' })

    it('refuses a body over the cap, announced or sent in chunks, with 413', async () => {
      const announced = rawRequest(notes(), { headers: { ...json(), 'Content-Length': String(1024 * 1024) } })
      announced.request.end()
      expect(await announced.answered).toMatchObject({ status: 413, body: expect.stringContaining('too large (64 KB at most)') })

      const chunked = rawRequest(notes(), { headers: json() })
      for (let i = 0; i < 40 && !chunked.request.destroyed; i++) chunked.request.write(`${'x'.repeat(4096)}`)
      chunked.request.end()
      expect((await chunked.answered).status).toBe(413)
      // And the data API still serves.
      const ok = await fetch(notes(), { method: 'POST', headers: { ...json(), Prefer: 'return=minimal' }, body: JSON.stringify({ body: 'fits' }) })
      expect(ok.status).toBe(201)
    })

    it('answers 408 to a body that does not arrive in time', async () => {
      const slow = rawRequest(notes(), { headers: { ...json(), 'Content-Length': '100' } })
      slow.request.write('{"body": "')
      expect(await slow.answered).toMatchObject({ status: 408, body: expect.stringContaining('did not arrive within 2 s') })
      slow.request.destroy()
    })

    /** A POST whose body stops after its first bytes, from `address` (as a trusted proxy in front says). */
    const trickle = (address: string) => {
      const r = rawRequest(notes(), { headers: { ...json(), 'Content-Length': '100', 'X-Forwarded-For': address } })
      r.request.write('{"body": ')
      return r
    }
    /** Runs `fn` with bodies given a minute (so the slow ones stay under way whatever the machine's pace). */
    const withLongBodies = async (fn: () => Promise<void>) => {
      const before = tp.platform.config.bodyTimeoutMs
      tp.platform.config.bodyTimeoutMs = 60_000
      try {
        await fn()
      } finally {
        tp.platform.config.bodyTimeoutMs = before
      }
    }

    it('keeps serving while more slow bodies trickle in than PostgREST has connections for', () =>
      withLongBodies(async () => {
        // 70 callers, each within its own address's bound: more than the proxy's 64 connections to PostgREST.
        const slow = Array.from({ length: 70 }, (_, i) => trickle(`10.1.${Math.floor(i / 200)}.${(i % 200) + 1}`))
        let ended = 0
        for (const r of slow) void r.answered.then(() => ended++, () => ended++)
        const other = await fetch(notes(), { headers: { apikey: anon, 'X-Forwarded-For': '10.2.0.1' } })
        expect(other.status).toBe(200)
        expect(ended).toBe(0)
        for (const r of slow) r.request.destroy()
      }))

    it('bounds the requests one address has under way', () =>
      withLongBodies(async () => {
        const slow = Array.from({ length: 4 }, () => trickle('10.3.0.1'))
        const from = (address: string) => fetch(notes(), { headers: { apikey: anon, 'X-Forwarded-For': address } })
        // Once the four are under way (each is admitted after the key's check), a fifth is refused.
        // (Waited for on the count itself: on a busy machine the gate of each takes its time, and
        // a fifth sent meanwhile is rightly served.)
        await expect.poll(() => underWayOf('rest', ref, '10.3.0.1'), { timeout: 30_000, interval: 20 }).toBe(4)
        const fifth = await from('10.3.0.1')
        expect(fifth.status).toBe(429)
        expect(fifth.headers.get('retry-after')).toBe('1')
        expect((await fifth.json()).message).toContain('4 at most at once')
        // Another address is not held back; once the four are gone, this one is served again.
        expect((await from('10.3.0.2')).status).toBe(200)
        for (const r of slow) r.request.destroy()
        await expect.poll(async () => (await from('10.3.0.1')).status, { timeout: 30_000, interval: 20 }).toBe(200)
      }))

    it("gives anon and authenticated their project's statement timeouts, and a request past it is cancelled", async () => {
      const settings = `/platform/projects/${ref}/api-settings`
      expect((await tp.call('GET', settings, { token: owner })).body.data_api).toMatchObject({ anon_statement_timeout_s: 3, authenticated_statement_timeout_s: 8 })
      const timeout = async (headers: Record<string, string> = {}) =>
        (await (await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/shown_timeout`, { method: 'POST', headers: { ...json(), ...headers }, body: '{}' })).json()) as string
      expect(await timeout()).toBe('3s')
      const secret = (await tp.platform.db.query<{ jwt_secret: string }>('select jwt_secret from project_api_settings where project_ref = $1', [ref]))[0].jwt_secret
      const user = await new SignJWT({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret))
      expect(await timeout({ Authorization: `Bearer ${user}` })).toBe('8s')

      const patched = await tp.call('PATCH', settings, { token: owner, body: { data_api: { anon_statement_timeout_s: 1 } } })
      expect(patched.status).toBe(200)
      expect(patched.body.data_api).toMatchObject({ anon_statement_timeout_s: 1, authenticated_statement_timeout_s: 8 })
      expect(await timeout()).toBe('1s')
      const slow = await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/sleep_for`, { method: 'POST', headers: json(), body: JSON.stringify({ seconds: 3 }) })
      expect(slow.status).toBe(500)
      expect(await slow.json()).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
      expect((await tp.call('PATCH', settings, { token: owner, body: { data_api: { anon_statement_timeout_s: 0 } } })).status).toBe(400)
    })

    it('ends the database sessions of a PostgREST the platform stopped, a statement that loops among them', async () => {
      const settings = `/platform/projects/${ref}/api-settings`
      expect((await tp.call('PATCH', settings, { token: owner, body: { data_api: { anon_statement_timeout_s: 600 } } })).status).toBe(200)
      const looping = fetch(`${tp.url}/p/${ref}/rest/v1/rpc/sleep_for`, { method: 'POST', headers: json(), body: JSON.stringify({ seconds: 600 }) }).catch(() => null)
      const running = () =>
        asEngineAdmin(async (c) => (await c.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and query like '%sleep_for%' and state = 'active'`, [`p_${ref}`])).rows[0].n as number)
      await expect.poll(running, { timeout: 30_000, interval: 50 }).toBe(1)
      // A settings change stops this project's PostgREST (the next request starts it again).
      expect((await tp.call('PATCH', settings, { token: owner, body: { data_api: { anon_statement_timeout_s: 3 } } })).status).toBe(200)
      await dataApiProcesses(tp.platform).stop(ref)
      expect(await running()).toBe(0)
      await looping
    })

    it("caps the auth service's bodies too", async () => {
      const res = await fetch(`${tp.url}/p/${ref}/auth/v1/signup`, { method: 'POST', headers: json(), body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(16 * 1024) }) })
      expect(res.status).toBe(413)
    })
  })
}
