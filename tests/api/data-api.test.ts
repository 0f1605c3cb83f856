// @vitest-environment node
/**
 * The data API against the real platform: a project's keys are JWTs of its own secret, the
 * settings by role, and PostgREST behind {site}/p/{ref}/rest/v1 — one process per project, on
 * loopback only, reached with this project's keys only.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import pg from 'pg'
import { decodeJwt, jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf, statusOf } from '../helpers/project-backends'
import { asEngineAdmin, engineUrl, settle } from '../helpers/test-platform'
import { DataApiProcesses } from '@/server/data-api/processes'
import { dataApiProcesses } from '@/server/data-api/data-api-service'
import { rotateSecret, updateSettings } from '@/server/data-api/settings'
import { serverAccount } from '@/server/engine/account'
import { flushLogs } from '@/server/logs/recorder'

/** PostgREST processes serving a project's database, seen by their environment (PGRST_DB_URI names it). */
function postgrestPidsOf(ref: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return fs
          .readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .some((v) => v.startsWith('PGRST_DB_URI=') && new URL(v.slice('PGRST_DB_URI='.length)).pathname === `/p_${ref}`)
      } catch {
        return false
      }
    })
    .map(Number)
}

/** TCP sockets process `pid` listens on (its descriptors' inodes among /proc/net/tcp's LISTEN rows). */
function tcpListenersOf(pid: number): string[] {
  const inodes = new Set(
    fs
      .readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
        } catch {
          return undefined
        }
      })
      .filter(Boolean)
  )
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').slice(1) : []))
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && inodes.has(cols[9]))
    .map((cols) => cols[1])
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`data API: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let ref: string
    const tokens = {} as Record<'Admin' | 'Developer' | 'Read-only', string>

    const settings = (token = owner, reveal = false) => tp.call('GET', `/platform/projects/${ref}/api-settings${reveal ? '?reveal=true' : ''}`, { token })
    const secretOf = async (r = ref) => (await tp.platform.db.query<{ jwt_secret: string }>('select jwt_secret from project_api_settings where project_ref = $1', [r]))[0].jwt_secret

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const created = await ownerWithOrg(tp, 'Data API Org')
      owner = created.token
      ref = await activeProject(tp, owner, created.org.slug)
      for (const role of ['Admin', 'Developer', 'Read-only'] as const) tokens[role] = await memberOf(tp, created.org.id, role)
    })
    let closed = false
    afterAll(() => (closed ? undefined : stop()))

    describe('keys and settings', () => {
      it("answers the project's URL and keys: HS256 JWTs of the project's own secret, never the platform's", async () => {
        const res = await settings(owner, true)
        expect(res.status).toBe(200)
        expect(res.body.url).toBe(`${tp.url}/p/${ref}`)
        expect(res.body.rest_url).toBe(`${tp.url}/p/${ref}/rest/v1`)
        expect(res.body.data_api).toEqual({ enabled: true, schemas: ['public'], max_rows: 1000, anon_statement_timeout_s: 3, authenticated_statement_timeout_s: 8 })
        expect(res.body.jwt_secret_rotated_at).toBeNull()
        const secret = new TextEncoder().encode(await secretOf())
        for (const [key, role] of [
          [res.body.anon_key, 'anon'],
          [res.body.service_role_key, 'service_role'],
        ]) {
          const { payload, protectedHeader } = await jwtVerify(key, secret)
          expect(protectedHeader.alg).toBe('HS256')
          expect(payload).toMatchObject({ role, ref, iss: 'supaboard' })
          expect(payload.exp! - payload.iat!).toBeGreaterThan(10 * 365 * 24 * 3600)
          await expect(jwtVerify(key, tp.platform.jwtSecret)).rejects.toThrow()
        }
        // The same keys at every read.
        expect((await settings(owner, true)).body).toEqual(res.body)
      })

      it('shows every member the anon key; reveals the service key to Owner, Admin and Developer only', async () => {
        for (const role of ['Admin', 'Developer'] as const) {
          const res = await settings(tokens[role], true)
          expect(res.status).toBe(200)
          expect(decodeJwt(res.body.service_role_key).role).toBe('service_role')
        }
        const reader = await settings(tokens['Read-only'])
        expect(reader.status).toBe(200)
        expect(reader.body.service_role_key).toBeNull()
        expect(decodeJwt(reader.body.anon_key).role).toBe('anon')
        const refused = await settings(tokens['Read-only'], true)
        expect(refused.status).toBe(403)
        expect(refused.body.message).toContain('service_role key')
      })

      it('changes the data API settings for Owner, Admin and Developer; refuses unknown and system schemas and out-of-range limits', async () => {
        const patch = (body: unknown, token = owner) => tp.call('PATCH', `/platform/projects/${ref}/api-settings`, { token, body })
        expect((await patch({ data_api: { max_rows: 10 } }, tokens['Read-only'])).status).toBe(403)
        const res = await patch({ data_api: { max_rows: 50 } }, tokens.Developer)
        expect(res.status).toBe(200)
        expect(res.body.data_api).toEqual({ enabled: true, schemas: ['public'], max_rows: 50, anon_statement_timeout_s: 3, authenticated_statement_timeout_s: 8 })
        expect(res.body.service_role_key).toBeNull()
        expect((await patch({ data_api: { max_rows: 0 } })).status).toBe(400)
        expect((await patch({ data_api: { max_rows: 100_001 } })).status).toBe(400)
        const missing = await patch({ data_api: { schemas: ['public', 'nope'] } })
        expect(missing.status).toBe(400)
        expect(missing.body.message).toContain('nope')
        expect((await patch({ data_api: { schemas: ['pg_catalog'] } })).status).toBe(400)
        expect((await patch({ data_api: { schemas: ['information_schema'] } })).status).toBe(400)
        expect((await patch({ data_api: { max_rows: 1000 } }, tokens.Admin)).body.data_api.max_rows).toBe(1000)
      })

      it('rotates the JWT secret for Owner and Admin only: new keys, the rotation time, the service key not shown', async () => {
        const before = (await settings()).body
        for (const role of ['Developer', 'Read-only'] as const)
          expect((await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: tokens[role] })).status).toBe(403)
        const res = await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: tokens.Admin })
        expect(res.status).toBe(200)
        expect(res.body.anon_key).not.toBe(before.anon_key)
        expect(res.body.service_role_key).toBeNull()
        expect(res.body.jwt_secret_rotated_at).not.toBeNull()
        await jwtVerify(res.body.anon_key, new TextEncoder().encode(await secretOf()))
        await expect(jwtVerify(before.anon_key, new TextEncoder().encode(await secretOf()))).rejects.toThrow()
      })
    })
    describe('the data API at /p/{ref}/rest/v1', () => {
      let other: { token: string; ref: string }
      const keysOf = async (r: string, token: string) => (await tp.call('GET', `/platform/projects/${r}/api-settings?reveal=true`, { token })).body as { anon_key: string; service_role_key: string }
      const rest = (r: string, path: string, opts: { key?: string; method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
        fetch(`${tp.url}/p/${r}/rest/v1${path}`, {
          method: opts.method ?? 'GET',
          headers: { ...(opts.key ? { apikey: opts.key } : {}), ...(opts.body ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
          body: opts.body ? JSON.stringify(opts.body) : undefined,
        })
      const json = async (res: Response) => ({ status: res.status, body: await res.json() })

      beforeAll(async () => {
        await rowsOf(tp, owner, ref, `create table todos (id serial primary key, title text not null); insert into todos (title) values ('one'), ('two'), ('three')`)
        const created = await ownerWithOrg(tp, 'Other Data API Org')
        other = { token: created.token, ref: await activeProject(tp, created.token, created.org.slug) }
        await rowsOf(tp, other.token, other.ref, `create table todos (id serial primary key, title text not null); insert into todos (title) values ('secret of B')`)
      })

      it('reads with the anon key: rows, a filter, an order, a Range', async () => {
        const { anon_key } = await keysOf(ref, owner)
        const all = await json(await rest(ref, '/todos?select=id,title&order=id', { key: anon_key }))
        expect(all).toEqual({ status: 200, body: [{ id: 1, title: 'one' }, { id: 2, title: 'two' }, { id: 3, title: 'three' }] })
        expect((await json(await rest(ref, '/todos?id=eq.1', { key: anon_key }))).body).toEqual([{ id: 1, title: 'one' }])
        expect((await json(await rest(ref, '/todos?order=id.desc&select=id', { key: anon_key }))).body).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }])
        const ranged = await rest(ref, '/todos?order=id&select=id', { key: anon_key, headers: { Range: '1-2' } })
        expect(ranged.headers.get('content-range')).toBe('1-2/*')
        expect(await ranged.json()).toEqual([{ id: 2 }, { id: 3 }])
        // Under /api as Next serves it (its rewrite of /p/… lands there).
        expect((await json(await fetch(`${tp.url}/api/p/${ref}/rest/v1/todos?id=eq.3`, { headers: { apikey: anon_key } }))).body).toEqual([{ id: 3, title: 'three' }])
        // The key may come in the query too, as supabase-js' realtime and some clients send it.
        expect((await json(await rest(ref, `/todos?id=eq.2&apikey=${anon_key}`))).body).toEqual([{ id: 2, title: 'two' }])
      })

      it('inserts with the service key (Prefer: return=representation); row level security without a policy hides every row from anon', async () => {
        const { anon_key, service_role_key } = await keysOf(ref, owner)
        const inserted = await rest(ref, '/todos', { key: service_role_key, method: 'POST', body: { title: 'four' }, headers: { Prefer: 'return=representation' } })
        expect(inserted.status).toBe(201)
        expect(await inserted.json()).toEqual([{ id: 4, title: 'four' }])
        await rowsOf(tp, owner, ref, 'alter table todos enable row level security')
        expect(await json(await rest(ref, '/todos', { key: anon_key }))).toEqual({ status: 200, body: [] })
        expect((await json(await rest(ref, '/todos?select=id', { key: service_role_key }))).body).toHaveLength(4)
        await rowsOf(tp, owner, ref, 'alter table todos disable row level security')
      })

      it('refuses no key, a garbage key, a key signed with the platform secret and a key of another project (401)', async () => {
        const platformKey = await new SignJWT({ role: 'service_role', ref })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer('supaboard')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(tp.platform.jwtSecret)
        const otherKey = (await keysOf(other.ref, other.token)).service_role_key
        const none = await json(await rest(ref, '/todos'))
        expect(none).toMatchObject({ status: 401, body: { message: 'No API key found in request' } })
        for (const key of ['garbage', platformKey, otherKey]) expect(await json(await rest(ref, '/todos', { key }))).toMatchObject({ status: 401, body: { message: 'Invalid API key' } })
      })

      it('refused while its PostgREST runs (a read with a key that passed before goes out beside the gate): nothing of PostgREST reaches the caller, nothing is written', async () => {
        const { anon_key } = await keysOf(ref, owner)
        await rowsOf(
          tp,
          owner,
          ref,
          `create table if not exists visits (n int);
           create or replace function visit() returns int language sql volatile as $$ insert into visits values (1) returning n $$;
           grant all on visits to anon; grant execute on function visit() to anon`
        )
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
        expect(dataApiProcesses(tp.platform).isRunning(ref)).toBe(true)
        // A read runs in a read-only transaction: what makes an early read safe. (The function is in
        // PostgREST's schema cache once its reload, asked by the SQL endpoint, is done.)
        let readOnly = await json(await rest(ref, '/rpc/visit', { key: anon_key }))
        for (let i = 0; i < 50 && readOnly.body.code === 'PGRST202'; i++) {
          await new Promise((r) => setTimeout(r, 100))
          readOnly = await json(await rest(ref, '/rpc/visit', { key: anon_key }))
        }
        expect(readOnly.status).not.toBe(200)
        expect(readOnly.body.code).toBe('25006')
        // A key that passed before, refused now: its read went out early and was dropped.
        const [{ organization_id }] = await tp.platform.db.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref])
        await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [organization_id])
        try {
          for (const path of ['/todos?select=title', '/rpc/visit']) expect(await json(await rest(ref, path, { key: anon_key }))).toEqual({ status: 402, body: { message: expect.stringContaining('restricted') } })
        } finally {
          await tp.platform.db.query(`update organizations set restriction_status = null where id = $1`, [organization_id])
        }
        const refusal = { message: 'Invalid API key', hint: 'Double check your `anon` or `service_role` API key.' }
        expect(await json(await rest(ref, '/todos?select=title', { key: 'garbage' }))).toEqual({ status: 401, body: refusal })
        expect(await json(await rest(ref, '/rpc/visit', { key: 'garbage' }))).toEqual({ status: 401, body: refusal })
        expect(await json(await rest(ref, '/rpc/visit', { key: 'garbage', method: 'POST', body: {} }))).toEqual({ status: 401, body: refusal })
        expect(await json(await rest(ref, '/visits', { key: 'garbage', method: 'POST', body: { n: 2 } }))).toEqual({ status: 401, body: refusal })
        expect(await rowsOf(tp, owner, ref, 'select count(*)::int as n from visits')).toEqual([{ n: 0 }])
        // The same requests with the key: the write goes through, so the check above could fail.
        expect((await rest(ref, '/rpc/visit', { key: anon_key, method: 'POST', body: {} })).status).toBe(200)
        expect(await rowsOf(tp, owner, ref, 'select count(*)::int as n from visits')).toEqual([{ n: 1 }])
      })

      it('a read sent early announces no body it does not send: the next request on its connection to PostgREST is not read as that body', async () => {
        const { anon_key } = await keysOf(ref, owner)
        await rowsOf(tp, owner, ref, `create table if not exists smuggle_target (id int primary key); insert into smuggle_target values (1) on conflict do nothing; grant all on smuggle_target to anon`)
        // Once PostgREST's schema cache has the table.
        for (let i = 0; i < 50 && (await rest(ref, '/smuggle_target', { key: anon_key })).status !== 200; i++) await new Promise((r) => setTimeout(r, 100))
        expect(dataApiProcesses(tp.platform).isRunning(ref)).toBe(true)
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
        const send = (path: string, headers: Record<string, string>, body?: string) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            const request = http.request(`${tp.url}/p/${ref}/rest/v1${path}`, { agent, method: 'GET', headers: { apikey: anon_key, ...headers } }, (res) => {
              let text = ''
              res.setEncoding('utf8')
              res.on('data', (chunk: string) => (text += chunk))
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
            })
            request.once('error', reject)
            request.end(body)
          })
        // The first read's body is as long as the start of the second request as the proxy writes
        // it (its request line and the name of its first header): were it announced to PostgREST
        // and not sent, PostgREST would take those bytes as that body and run the rest as a request.
        const next = '/todos?select=id'
        const swallowed = Buffer.byteLength(`GET ${next} HTTP/1.1\r\naccept: `)
        const first = await send('/todos?select=id', { 'content-type': 'text/plain', 'content-length': String(swallowed) }, 'x'.repeat(swallowed))
        expect(first.status).toBe(200)
        const second = await send(next, { accept: 'DELETE /smuggle_target?id=eq.1 HTTP/1.1' })
        agent.destroy()
        expect(second.status).not.toBe(204)
        expect(await rowsOf(tp, owner, ref, 'select count(*)::int as n from smuggle_target')).toEqual([{ n: 1 }])
      })

      it('sends a body that came in chunks on in chunks: its bytes are never read by PostgREST as a request of their own', async () => {
        const { anon_key } = await keysOf(ref, owner)
        await rowsOf(tp, owner, ref, `create table if not exists smuggle_target (id int primary key); insert into smuggle_target values (1) on conflict do nothing; grant all on smuggle_target to anon`)
        for (let i = 0; i < 50 && (await rest(ref, '/smuggle_target', { key: anon_key })).status !== 200; i++) await new Promise((r) => setTimeout(r, 100))
        const smuggled = `DELETE /smuggle_target?id=eq.1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${anon_key}\r\nContent-Length: 0\r\n\r\n`
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(`${tp.url}/p/${ref}/rest/v1/smuggle_target?id=eq.999`, { method: 'DELETE', headers: { apikey: anon_key, 'transfer-encoding': 'chunked' } }, (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
          })
          request.once('error', reject)
          request.end(smuggled)
        })
        expect(status).toBe(204)
        // Another request on the way to PostgREST, after which a smuggled one would have run.
        expect((await rest(ref, '/smuggle_target', { key: anon_key })).status).toBe(200)
        expect(await rowsOf(tp, owner, ref, 'select count(*)::int as n from smuggle_target')).toEqual([{ n: 1 }])
      })

      it('refuses a key with anything but its three base64url parts (a control character the signature check would skip)', async () => {
        const { anon_key } = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
        for (const suffix of ['%0C', '%0D%0A', '%20'])
          expect(await json(await rest(ref, `/todos?apikey=${anon_key}${suffix}`))).toMatchObject({ status: 401, body: { message: 'Invalid API key' } })
      })

      it('refused reads (sent early, then dropped) do not keep a PostgREST from its idle stop', async () => {
        const { anon_key } = await keysOf(ref, owner)
        const processes = dataApiProcesses(tp.platform)
        const [{ organization_id }] = await tp.platform.db.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref])
        const idle = tp.platform.config.dataApi.idleSeconds
        tp.platform.config.dataApi.idleSeconds = 1
        try {
          expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
          await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [organization_id])
          // An app's users keep calling with the key that passed: every call refused (402).
          for (let i = 0; i < 40 && processes.isRunning(ref); i++) {
            expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(402)
            await new Promise((r) => setTimeout(r, 150))
          }
          expect(processes.isRunning(ref)).toBe(false)
        } finally {
          tp.platform.config.dataApi.idleSeconds = idle
          await tp.platform.db.query(`update organizations set restriction_status = null where id = $1`, [organization_id])
        }
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
      })

      it('answers a small read in one piece with its length, streams a large one whole, and answers HEAD without a body', async () => {
        const { anon_key } = await keysOf(ref, owner)
        await rowsOf(tp, owner, ref, `create table if not exists bulk as select g as id, repeat('x', 100) as pad from generate_series(1, 1000) g; grant select on bulk to anon`)
        let large = await rest(ref, '/bulk?order=id', { key: anon_key })
        for (let i = 0; i < 50 && large.status === 404; i++) {
          await new Promise((r) => setTimeout(r, 100))
          large = await rest(ref, '/bulk?order=id', { key: anon_key })
        }
        expect(large.status).toBe(200)
        expect(large.headers.get('content-length')).toBeNull()
        const rows = (await large.json()) as { id: number }[]
        // 1,000 rows (the data API's row limit) of about 120 bytes: past the size answered in one piece.
        expect(rows).toHaveLength(1000)
        expect(rows.at(-1)!.id).toBe(1000)
        const small = await rest(ref, '/bulk?id=eq.7', { key: anon_key })
        const body = await small.text()
        expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(body)))
        expect(JSON.parse(body)).toEqual([{ id: 7, pad: 'x'.repeat(100) }])
        const head = await rest(ref, '/bulk?id=eq.7', { key: anon_key, method: 'HEAD' })
        expect(head.status).toBe(200)
        expect(await head.text()).toBe('')
        // A large answer read early and dropped (the gate refused): its connection is ended, the next read answers.
        const [{ organization_id }] = await tp.platform.db.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref])
        await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [organization_id])
        try {
          expect((await rest(ref, '/bulk?order=id', { key: anon_key })).status).toBe(402)
        } finally {
          await tp.platform.db.query(`update organizations set restriction_status = null where id = $1`, [organization_id])
        }
        expect((await rest(ref, '/bulk?id=eq.8', { key: anon_key })).status).toBe(200)
      })

      it("logs the requests made with the project's keys in postgrest_logs, without their query strings; a request with another key is not the project's to log", async () => {
        const { anon_key } = await keysOf(ref, owner)
        const marker = `log-${Date.now()}`
        expect((await rest(ref, `/todos?title=eq.${marker}`, { key: anon_key })).status).toBe(200)
        expect((await rest(ref, `/nothing_${marker.replace(/-/g, '_')}`, { key: anon_key })).status).toBe(404)
        expect((await rest(ref, `/todos?title=eq.${marker}-refused`, { key: 'garbage' })).status).toBe(401)
        await flushLogs(tp.platform)
        const logs = await tp.call('GET', `/platform/projects/${ref}/logs?source=postgrest_logs&limit=1000`, { token: owner })
        expect(logs.status).toBe(200)
        const events = logs.body.events as { event_message: string; level: string; metadata: { request: { path: string }; response: { status_code: number; bytes: number }; key_role: string } }[]
        const found = events.find((e) => e.metadata.request.path === '/rest/v1/todos' && e.metadata.response.status_code === 200)
        expect(found).toMatchObject({ level: 'info', metadata: { key_role: 'anon', response: { bytes: 2 } } })
        expect(events.find((e) => e.metadata.request.path.startsWith('/rest/v1/nothing_'))).toMatchObject({ level: 'warning', metadata: { response: { status_code: 404 } } })
        expect(JSON.stringify(events)).not.toContain(marker)
        expect(events.some((e) => e.metadata.response.status_code === 401)).toBe(false)
      })

      it("keeps projects apart: A's keys never read B's rows", async () => {
        const a = await keysOf(ref, owner)
        const b = await keysOf(other.ref, other.token)
        expect((await json(await rest(other.ref, '/todos', { key: b.anon_key }))).body).toEqual([{ id: 1, title: 'secret of B' }])
        expect((await rest(other.ref, '/todos', { key: a.service_role_key })).status).toBe(401)
        // B's apikey with A's token as Authorization: B's PostgREST does not trust A's secret.
        expect((await rest(other.ref, '/todos', { key: b.anon_key, headers: { Authorization: `Bearer ${a.service_role_key}` } })).status).toBe(401)
        const rowsOfA = (await json(await rest(ref, '/todos?select=title', { key: a.service_role_key }))).body as { title: string }[]
        expect(rowsOfA.map((r) => r.title)).not.toContain('secret of B')
      })

      it('shows schema changes made through the SQL endpoint at once (its cache reloaded)', async () => {
        const { anon_key } = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
        await rowsOf(
          tp,
          owner,
          ref,
          `create table authors (id int primary key, name text); create table books (id int primary key, title text, author_id int references authors);
           insert into authors values (1, 'Ann'); insert into books values (1, 'Notes', 1)`
        )
        // Embedding needs the relationship in PostgREST's schema cache: there only after the reload
        // the SQL endpoint's NOTIFY asks for (asynchronous in PostgREST: asked again until it is done).
        const embedded = () => rest(ref, '/books?select=title,authors(name)', { key: anon_key })
        let res = await embedded()
        for (let i = 0; i < 50 && res.status !== 200; i++) {
          await new Promise((r) => setTimeout(r, 100))
          res = await embedded()
        }
        expect(await res.json()).toEqual([{ title: 'Notes', authors: { name: 'Ann' } }])
      })

      it("tells the project's PostgREST to reload its schema after SQL that may change it, on that project's database only", async () => {
        const heard: string[] = []
        const listen = async (database: string) => {
          const client = new pg.Client({ connectionString: engineUrl(database) })
          await client.connect()
          client.on('notification', (n) => heard.push(`${database}:${n.channel}:${n.payload}`))
          await client.query('LISTEN pgrst')
          return client
        }
        const [mine, theirs] = [await listen(`p_${ref}`), await listen(`p_${other.ref}`)]
        try {
          await rowsOf(tp, owner, ref, 'create table reload_probe (id int)')
          // Sent right after the answer. A notification is delivered before the answer of any later
          // statement on a listening session: each round asks both once more.
          await expect
            .poll(async () => {
              await Promise.all([mine.query('select 1'), theirs.query('select 1')])
              return heard
            })
            .toEqual([`p_${ref}:pgrst:reload schema`])
        } finally {
          await Promise.all([mine.end(), theirs.end()])
        }
      })

      it("gives each project a data API login of its own that may connect to that project's database only; the shared authenticator logs in no more", async () => {
        const controlPlane = new URL(tp.platform.servers.platformDatabaseUrl).pathname.slice(1)
        const can = async (role: string, database: string) =>
          (await asEngineAdmin((c) => c.query<{ ok: boolean }>(`select has_database_privilege($1, $2, 'CONNECT') as ok`, [role, database]))).rows[0].ok
        expect(await can(`p_${ref}_api`, `p_${ref}`)).toBe(true)
        expect(await can(`p_${ref}_api`, `p_${other.ref}`)).toBe(false)
        expect(await can(`p_${other.ref}_api`, `p_${ref}`)).toBe(false)
        expect(await can(`p_${ref}_api`, controlPlane)).toBe(false)
        const roles = await asEngineAdmin((c) =>
          c.query<{ rolname: string; rolcanlogin: boolean; rolinherit: boolean; rolbypassrls: boolean }>(
            `select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', $1) order by rolname`,
            [`p_${ref}_api`]
          )
        )
        expect(roles.rows).toEqual([
          { rolname: 'anon', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
          { rolname: 'authenticated', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
          { rolname: 'authenticator', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
          { rolname: `p_${ref}_api`, rolcanlogin: true, rolinherit: false, rolbypassrls: false },
          { rolname: 'service_role', rolcanlogin: false, rolinherit: false, rolbypassrls: true },
        ])
      })

      it("a project's SQL that goes back to its data API's login inside a request reaches only its own database", async () => {
        const { service_role_key } = await keysOf(ref, owner)
        // As an attacker would: an RPC that leaves the request's role for the session's login and takes its password.
        expect(
          (
            await rowsOf(
              tp,
              owner,
              ref,
              `create or replace function public.take_login() returns text language plpgsql as $$
               begin reset role; execute 'alter role ' || quote_ident(session_user) || ' password ''known-now'''; return session_user; end $$;
               grant execute on function public.take_login() to service_role; notify pgrst, 'reload schema'; select 1 as ok`
            )
          ).length
        ).toBe(1)
        let taken: Response | undefined
        await expect.poll(async () => (taken = await rest(ref, '/rpc/take_login', { key: service_role_key, method: 'POST', body: {} })).status, { timeout: 10_000 }).toBe(200)
        const login = (await taken!.json()) as string
        expect(login).toBe(`p_${ref}_api`)
        const direct = (database: string) => {
          const url = new URL(engineUrl(database))
          url.username = login
          url.password = 'known-now'
          const client = new pg.Client({ connectionString: url.toString() })
          client.on('error', () => undefined)
          return client.connect().then(
            async () => {
              await client.end()
              return 'connected'
            },
            (error: { code?: string }) => error.code
          )
        }
        // Its own database only: the other project's and the control plane refuse it.
        expect(await direct(`p_${other.ref}`)).toBe('42501')
        expect(await direct(new URL(tp.platform.servers.platformDatabaseUrl).pathname.slice(1))).toBe('42501')
        // And the other project's data API is not touched.
        expect((await rest(other.ref, '/todos', { key: (await keysOf(other.ref, other.token)).anon_key })).status).toBe(200)
      })

      it('answers CORS preflights for any origin, and 404 with a message while the data API is off', async () => {
        const pre = await fetch(`${tp.url}/p/${ref}/rest/v1/todos`, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } })
        expect(pre.status).toBe(204)
        expect(pre.headers.get('access-control-allow-origin')).toBe('*')
        expect(pre.headers.get('access-control-allow-headers')).toContain('apikey')
        const { anon_key } = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: anon_key })).headers.get('access-control-allow-origin')).toBe('*')
        await tp.call('PATCH', `/platform/projects/${ref}/api-settings`, { token: owner, body: { data_api: { enabled: false } } })
        const off = await json(await rest(ref, '/todos', { key: anon_key }))
        expect(off.status).toBe(404)
        expect(off.body.message).toContain('turned off')
        expect(dataApiProcesses(tp.platform).isRunning(ref)).toBe(false)
        await tp.call('PATCH', `/platform/projects/${ref}/api-settings`, { token: owner, body: { data_api: { enabled: true } } })
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
      })

      it('refuses a database given as it is (self-hosted DATABASE_URL): the platform does not manage its roles', async () => {
        const { anon_key } = await keysOf(ref, owner)
        await tp.platform.db.query(`update projects set db_location = db_location || '{"given": true}' where ref = $1`, [ref])
        try {
          const res = await json(await rest(ref, '/todos', { key: anon_key }))
          expect(res.status).toBe(409)
          expect(res.body.message).toContain('DATABASE_URL')
        } finally {
          await tp.platform.db.query(`update projects set db_location = db_location - 'given' where ref = $1`, [ref])
        }
      })

      it('exposes the schemas chosen in the settings (Accept-Profile picks one), with USAGE granted to the API roles', async () => {
        const { anon_key } = await keysOf(ref, owner)
        await rowsOf(tp, owner, ref, `create schema api; create table api.items (id int primary key); insert into api.items values (5); grant select on api.items to anon`)
        const profiled = () => rest(ref, '/items', { key: anon_key, headers: { 'Accept-Profile': 'api' } })
        expect((await profiled()).status).toBe(406)
        const patched = await tp.call('PATCH', `/platform/projects/${ref}/api-settings`, { token: owner, body: { data_api: { schemas: ['public', 'api'] } } })
        expect(patched.body.data_api.schemas).toEqual(['public', 'api'])
        expect(await json(await profiled())).toEqual({ status: 200, body: [{ id: 5 }] })
        await tp.call('PATCH', `/platform/projects/${ref}/api-settings`, { token: owner, body: { data_api: { schemas: ['public'] } } })
      })

      it('refuses the old key at once after a rotation; the new one works', async () => {
        const before = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: before.anon_key })).status).toBe(200)
        await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: owner })
        const after = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: before.anon_key })).status).toBe(401)
        // An old key as the bearer token, with a new apikey: PostgREST runs with the new secret.
        expect((await rest(ref, '/todos', { key: after.anon_key, headers: { Authorization: `Bearer ${before.service_role_key}` } })).status).toBe(401)
        expect((await rest(ref, '/todos', { key: after.anon_key })).status).toBe(200)
      })

      it('takes up a rotation and a settings change made by another app instance: its PostgREST here starts again with them', async () => {
        const before = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: before.anon_key })).status).toBe(200)
        const pid = dataApiProcesses(tp.platform).pidOf(ref)
        // What another instance's rotation leaves here: the new secret in the control plane, this
        // instance's PostgREST still running with the old one.
        await rotateSecret(tp.platform, ref)
        const after = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: before.anon_key })).status).toBe(401)
        expect(await json(await rest(ref, '/todos?select=id&order=id&limit=1', { key: after.anon_key }))).toEqual({ status: 200, body: [{ id: 1 }] })
        expect(dataApiProcesses(tp.platform).pidOf(ref)).not.toBe(pid)
        await updateSettings(tp.platform, ref, { maxRows: 2 })
        try {
          expect(await json(await rest(ref, '/todos?select=id&order=id', { key: after.anon_key }))).toEqual({ status: 200, body: [{ id: 1 }, { id: 2 }] })
        } finally {
          await updateSettings(tp.platform, ref, { maxRows: 1000 })
        }
      })

      it('starts one process for concurrent first requests, answering on a Unix socket only the app opens and on no TCP port', async () => {
        const processes = dataApiProcesses(tp.platform)
        await processes.stop(other.ref)
        expect(postgrestPidsOf(other.ref)).toEqual([])
        const { anon_key } = await keysOf(other.ref, other.token)
        const answers = await Promise.all(Array.from({ length: 8 }, () => rest(other.ref, '/todos', { key: anon_key })))
        expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200))
        const pids = postgrestPidsOf(other.ref)
        expect(pids).toEqual([processes.pidOf(other.ref)])
        // A port on loopback would answer anything on the machine, a project's edge function among them, past the gateway.
        const { socket } = await processes.get({ ref: other.ref, region: 'any' })
        expect(tcpListenersOf(pids[0])).toEqual([])
        expect(fs.statSync(socket).mode & 0o777).toBe(0o600)
        // Its folder is the app's own, closed to every other account (PostgREST's gets in by its group when the app is root).
        const folder = fs.statSync(path.dirname(socket))
        expect([folder.uid, folder.mode & 0o007]).toEqual([process.getuid!(), 0])
        // Started by root, it runs as the unprivileged account the PostgreSQL server runs as.
        const uid = Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pids[0]}/status`, 'utf8'))![1])
        expect(uid).toBe(serverAccount(tp.platform.config.embeddedDb.user)?.uid ?? process.getuid!())
        if (process.getuid!() === 0) expect(uid).not.toBe(0)
      })

      it('answers 402 for a restricted organization, counts the bytes answered as egress, and stops after DATA_API_IDLE_SECONDS without a request', async () => {
        const { anon_key } = await keysOf(other.ref, other.token)
        const [{ organization_id }] = await tp.platform.db.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [other.ref])
        await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [organization_id])
        const restricted = await json(await rest(other.ref, '/todos', { key: anon_key }))
        await tp.platform.db.query(`update organizations set restriction_status = null where id = $1`, [organization_id])
        expect(restricted.status).toBe(402)
        // The gate's answer alone: the read sent beside it to the running PostgREST was dropped.
        expect(restricted.body).toEqual({ message: expect.stringContaining('restricted') })

        const before = tp.platform.egress.unflushed
        const res = await rest(other.ref, '/todos', { key: anon_key })
        const bytes = (await res.arrayBuffer()).byteLength
        expect(bytes).toBeGreaterThan(0)
        expect(tp.platform.egress.unflushed - before).toBe(bytes)

        const processes = dataApiProcesses(tp.platform)
        const idle = tp.platform.config.dataApi.idleSeconds
        tp.platform.config.dataApi.idleSeconds = 1
        try {
          await processes.stop(other.ref)
          expect((await rest(other.ref, '/todos', { key: anon_key })).status).toBe(200)
          expect(processes.isRunning(other.ref)).toBe(true)
          while (processes.isRunning(other.ref)) await new Promise((r) => setTimeout(r, 100))
          // Forgotten first, then signalled and awaited: the process itself ends a moment later.
          while (postgrestPidsOf(other.ref).length > 0) await new Promise((r) => setTimeout(r, 50))
          expect(postgrestPidsOf(other.ref)).toEqual([])
        } finally {
          tp.platform.config.dataApi.idleSeconds = idle
        }
      })

      it('starts again after a crash, and stops when the project is paused', async () => {
        const { anon_key } = await keysOf(other.ref, other.token)
        expect((await rest(other.ref, '/todos', { key: anon_key })).status).toBe(200)
        const [pid] = postgrestPidsOf(other.ref)
        process.kill(pid, 'SIGKILL')
        while (dataApiProcesses(tp.platform).isRunning(other.ref)) await new Promise((r) => setTimeout(r, 20))
        expect((await rest(other.ref, '/todos', { key: anon_key })).status).toBe(200)
        const [again] = postgrestPidsOf(other.ref)
        expect(again).not.toBe(pid)
        expect((await tp.call('POST', `/platform/projects/${other.ref}/pause`, { token: other.token })).status).toBe(200)
        await settle(tp.platform)
        expect(await statusOf(tp, other.ref)).toBe('INACTIVE')
        expect(dataApiProcesses(tp.platform).isRunning(other.ref)).toBe(false)
        expect(postgrestPidsOf(other.ref)).toEqual([])
        const paused = await json(await rest(other.ref, '/todos', { key: anon_key }))
        expect(paused.status).toBe(409)
        expect(paused.body.message).toContain('paused')
      })

      it('stops the PostgREST of a deleted project; its database is dropped with the API grants in it', async () => {
        // In B's organization, whose project is paused by now (the Free plan's two active projects).
        const slug = (await tp.platform.db.query<{ slug: string }>('select o.slug from organizations o join projects p on p.organization_id = o.id where p.ref = $1', [other.ref]))[0].slug
        const doomed = await activeProject(tp, other.token, slug)
        const { anon_key } = await keysOf(doomed, other.token)
        expect((await rest(doomed, '/', { key: anon_key })).status).toBe(200)
        expect(postgrestPidsOf(doomed)).toHaveLength(1)
        expect((await tp.call('DELETE', `/platform/projects/${doomed}`, { token: other.token })).status).toBe(200)
        await settle(tp.platform)
        expect(await statusOf(tp, doomed)).toBe('REMOVED')
        expect(postgrestPidsOf(doomed)).toEqual([])
        expect((await rest(doomed, '/', { key: anon_key })).status).toBe(404)
      })

      it('ends the PostgREST processes a killed earlier run left behind, before its first start', async () => {
        const { anon_key } = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
        const [left] = postgrestPidsOf(ref)
        expect(left).toBeGreaterThan(0)
        // The next run of the app: a manager that knows nothing of the running process.
        const nextRun = new DataApiProcesses(tp.platform)
        try {
          await nextRun.get({ ref, region: 'any' })
          expect(postgrestPidsOf(ref)).toEqual([nextRun.pidOf(ref)])
          expect(nextRun.pidOf(ref)).not.toBe(left)
        } finally {
          await nextRun.stopAll()
        }
      })

      it('stops every PostgREST when the platform closes', async () => {
        const { anon_key } = await keysOf(ref, owner)
        expect((await rest(ref, '/todos', { key: anon_key })).status).toBe(200)
        expect(postgrestPidsOf(ref)).toHaveLength(1)
        closed = true
        await stop()
        expect(postgrestPidsOf(ref)).toEqual([])
      })
    })
  })
}
