// @vitest-environment node
/**
 * A project's edge functions, deployed through the Management API's routes and invoked as
 * supabase-js invokes them: a function that queries the database with supabase-js under the
 * caller's RLS; verify_jwt on and off; secrets as environment variables and nothing else of the
 * platform's; the sandbox (an `import()` of /etc/passwd, reads of DATA_DIR and of another
 * function's code are refused); the CPU limit; streamed bodies and the function's own CORS; a
 * redeploy under load that fails no request; refused deploys; logs, usage and a pause.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todoList } from '@/lib/snippets/quickstarts/todo-list'
import { flushLogs } from '@/server/logs/recorder'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { functionsService } from '@/server/functions/service'
import { appClient } from '../helpers/supabase-client'
import { activeProject, ownerWithOrg, rowsOf, statusOf } from '../helpers/project-backends'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

const PASSWORD = 'a fine long password'

let tp: TestPlatform
let owner: string
let ref: string
let url: string
let keys: { anon_key: string; service_role_key: string }

type Deployed = { status: number; body: any }

/** Deploys files as Studio does: a metadata part and one part per file, named by its path. */
async function deploy(slug: string, files: Record<string, string>, metadata: Record<string, unknown> = { entrypoint_path: 'index.ts' }, token = owner): Promise<Deployed> {
  const form = new FormData()
  form.append('metadata', JSON.stringify(metadata))
  for (const [name, content] of Object.entries(files)) form.append('file', new Blob([content], { type: 'application/typescript' }), name)
  const res = await fetch(`${tp.url}/v1/projects/${ref}/functions/deploy?slug=${slug}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  return { status: res.status, body: await res.json() }
}

const fnUrl = (slug: string, rest = '') => `${url}/functions/v1/${slug}${rest}`
const asAnon = { Authorization: `Bearer ${''}` }

const ECHO = `
Deno.serve(async (req) => {
  const url = new URL(req.url)
  if (url.pathname.endsWith('/env')) return Response.json(Deno.env.toObject())
  if (url.pathname.endsWith('/stream')) {
    const body = new ReadableStream({ async start(c) { for (const part of ['one ', 'two ', 'three']) { c.enqueue(new TextEncoder().encode(part)); await new Promise((r) => setTimeout(r, 20)) } c.close() } })
    return new Response(body, { headers: { 'content-type': 'text/plain' } })
  }
  if (req.method === 'OPTIONS') return new Response('ok', { headers: { 'Access-Control-Allow-Origin': 'https://app.example', 'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type' } })
  console.log('echo', req.method, url.pathname)
  return Response.json({ method: req.method, path: url.pathname, search: url.search, body: await req.text(), version: 1 }, { headers: { 'Access-Control-Allow-Origin': 'https://app.example' } })
})
`

beforeAll(async () => {
  tp = await startTestPlatform()
  const created = await ownerWithOrg(tp, 'Functions Org')
  owner = created.token
  ref = await activeProject(tp, owner, created.org.slug)
  await rowsOf(tp, owner, ref, todoList.sql)
  keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  url = `${tp.url}/p/${ref}`
  expect((await tp.call('PATCH', `/platform/auth/${ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })).status).toBe(200)
  asAnon.Authorization = `Bearer ${keys.anon_key}`
}, 120_000)
afterAll(() => tp.close())

describe('deploying', () => {
  it('deploys a function, lists it, reads it and its code', async () => {
    const deployed = await deploy('echo', { 'index.ts': ECHO })
    expect(deployed.status).toBe(201)
    expect(deployed.body).toMatchObject({ slug: 'echo', name: 'echo', version: 1, status: 'ACTIVE', verify_jwt: true, entrypoint_path: 'index.ts' })
    const listed = await tp.call('GET', `/v1/projects/${ref}/functions`, { token: owner })
    expect(listed.body.map((f: { slug: string }) => f.slug)).toEqual(['echo'])
    const body = await tp.call('GET', `/v1/projects/${ref}/functions/echo/body`, { token: owner })
    expect(body.body).toMatchObject({ entrypoint_path: 'index.ts', version: 1, files: [{ name: 'index.ts', content: ECHO }] })
  })

  it("takes the CLI's absolute file:// paths, relative to the folder the files share", async () => {
    const deployed = await deploy(
      'nested',
      { '/home/dev/app/supabase/functions/nested/index.ts': "import { word } from './lib/word.ts'\nDeno.serve(() => new Response(word))", '/home/dev/app/supabase/functions/nested/lib/word.ts': "export const word = 'nested'" },
      { entrypoint_path: 'file:///home/dev/app/supabase/functions/nested/index.ts' }
    )
    expect([deployed.status, deployed.body.message]).toEqual([201, undefined])
    expect(deployed.body.entrypoint_path).toBe('index.ts')
    expect(await (await fetch(fnUrl('nested'), { headers: asAnon })).text()).toBe('nested')
  })

  it("refuses code that does not start, with Deno's own words, and stores nothing", async () => {
    const broken = await deploy('broken', { 'index.ts': 'Deno.serve((req) => new Response("x")' })
    expect(broken.status).toBe(400)
    expect(broken.body.message).toMatch(/^The function did not start: .*(Expected|SyntaxError)/s)
    const idle = await deploy('idle', { 'index.ts': 'console.log("no server")' })
    expect(idle.status).toBe(400)
    expect(idle.body.message).toMatch(/never called Deno.serve/)
    const outside = await deploy('outside', { '../index.ts': ECHO }, { entrypoint_path: '../index.ts' })
    expect(outside.status).toBe(400)
    expect(outside.body.message).toMatch(/outside the function's folder/)
    const both = await deploy('both', { 'index.ts': ECHO, lib: 'x', 'lib/a.ts': 'export const a = 1' })
    expect([both.status, both.body.message]).toEqual([400, 'lib is sent both as a file and as the folder of lib/a.ts.'])
    // Nothing of the refused deploys stays on disk: only the stored functions' folders.
    const codeRoot = path.join(tp.platform.config.dataDir, 'functions', 'code', ref)
    const stored = await tp.platform.db.query<{ digest: string }>('select distinct digest from edge_functions where project_ref = $1 order by digest', [ref])
    expect(fs.readdirSync(codeRoot).sort()).toEqual(stored.map((row) => row.digest))
    expect((await tp.call('GET', `/v1/projects/${ref}/functions/broken`, { token: owner })).status).toBe(404)
  })

  it('answers 408 and closes the connection when a deploy body stops arriving', async () => {
    const before = tp.platform.config.bodyTimeoutMs
    tp.platform.config.bodyTimeoutMs = 300
    try {
      const target = new URL(`${tp.url}/v1/projects/${ref}/functions/deploy?slug=trickle`)
      const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = http.request(target, { method: 'POST', headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '100000' } }, (res) => {
          let body = ''
          res.on('data', (c) => (body += c))
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
        })
        req.on('error', reject)
        req.write('--x\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"entrypoint_path":')
      })
      expect(answer.status).toBe(408)
      expect(answer.connection).toBe('close')
      expect(JSON.parse(answer.body).message).toMatch(/did not arrive in time/)
    } finally {
      tp.platform.config.bodyTimeoutMs = before
    }
  })

  it("counts a deploy's check toward the workers an app copy runs at once", async () => {
    const pool = functionsService(tp.platform).pool
    const before = tp.platform.config.functions.maxWorkers
    expect((await deploy('hold', { 'index.ts': 'Deno.serve(async () => { await new Promise((r) => setTimeout(r, 3000)); return new Response("held") })' })).status).toBe(201)
    await pool.release(ref)
    // One worker at most, busy with a request: a deploy has no room for its check.
    tp.platform.config.functions.maxWorkers = 1
    try {
      const held = fetch(fnUrl('hold'), { headers: asAnon })
      for (let i = 0; i < 100 && pool.size === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      const refused = await deploy('crowded', { 'index.ts': 'Deno.serve(() => new Response("x"))' })
      expect(refused.status).toBe(503)
      expect(refused.body.message).toMatch(/function workers of this server are busy/)
      expect(await (await held).text()).toBe('held')
    } finally {
      tp.platform.config.functions.maxWorkers = before
    }
  })
})

describe('personal access tokens', () => {
  it('deploys with a token made under Account → Access tokens, shown once, acting with its owner\'s roles until revoked', async () => {
    const made = await tp.call('POST', '/platform/profile/access-tokens', { token: owner, body: { name: 'CI deploys', expires_in_days: 30 } })
    expect(made.status).toBe(201)
    expect(made.body.token).toMatch(/^sbp_[0-9a-f]{40}$/)
    const pat = made.body.token as string
    const listed = (await tp.call('GET', '/platform/profile/access-tokens', { token: owner })).body
    expect(listed).toEqual([expect.objectContaining({ id: made.body.id, name: 'CI deploys', token_alias: `${pat.slice(0, 8)}…${pat.slice(-4)}` })])
    expect(JSON.stringify(listed)).not.toContain(pat)
    expect(listed[0].expires_at).toBeTruthy()
    const deployed = await deploy('hello', { 'index.ts': 'Deno.serve(() => new Response("hello"))' }, { entrypoint_path: 'index.ts' }, pat)
    expect(deployed.status).toBe(201)
    expect(await (await fetch(fnUrl('hello'), { headers: asAnon })).text()).toBe('hello')
    expect((await tp.call('GET', '/platform/profile/access-tokens', { token: owner })).body[0].last_used_at).toBeTruthy()
    // A token reaches the Management API only: not the account, not the dashboard's own routes.
    const account = await tp.call('GET', '/platform/profile/access-tokens', { token: pat })
    expect(account.status).toBe(401)
    expect(account.body.message).toMatch(/Management API/)
    // Another user's token sees no such project.
    const stranger = await tp.signUp(`stranger-${Date.now()}@example.com`)
    const theirs = (await tp.call('POST', '/platform/profile/access-tokens', { token: stranger.token, body: { name: 'mine', expires_in_days: null } })).body.token
    expect((await tp.call('GET', `/v1/projects/${ref}/functions`, { token: theirs })).status).toBe(404)
    expect((await tp.call('DELETE', `/platform/profile/access-tokens/${made.body.id}`, { token: owner })).status).toBe(204)
    const revoked = await tp.call('GET', `/v1/projects/${ref}/functions`, { token: pat })
    expect(revoked.status).toBe(401)
    expect(revoked.body.message).toMatch(/expired or was revoked/)
  })
})

describe('invoking', () => {
  it('answers supabase.functions.invoke, any method and path below the function, streaming', async () => {
    const client = appClient(url, keys.anon_key)
    const { data, error } = await client.functions.invoke('echo', { body: { hello: 'world' } })
    expect(error).toBeNull()
    expect(data).toMatchObject({ method: 'POST', path: '/echo', body: '{"hello":"world"}' })
    const below = await fetch(fnUrl('echo', '/a/b?x=1'), { method: 'PUT', headers: asAnon, body: 'raw' })
    expect(await below.json()).toMatchObject({ method: 'PUT', path: '/echo/a/b', search: '?x=1', body: 'raw' })
    const stream = await fetch(fnUrl('echo', '/stream'), { headers: asAnon })
    expect(await stream.text()).toBe('one two three')
  })

  it('lets the function answer its own CORS, preflight included, with no token', async () => {
    const preflight = await fetch(fnUrl('echo'), { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(await preflight.text()).toBe('ok')
  })

  it('requires a token signed with the project secret while verify_jwt is on, and none once it is off', async () => {
    expect(await (await fetch(fnUrl('echo'))).json()).toEqual({ msg: 'Invalid JWT' })
    const forged = await fetch(fnUrl('echo'), { headers: { Authorization: `Bearer ${keys.anon_key.slice(0, -4)}AAAA` } })
    expect(forged.status).toBe(401)
    expect((await fetch(fnUrl('nothing-here'), { headers: asAnon })).status).toBe(404)
    const off = await tp.call('PATCH', `/v1/projects/${ref}/functions/echo`, { token: owner, body: { verify_jwt: false } })
    expect(off.body.verify_jwt).toBe(false)
    expect((await fetch(fnUrl('echo'), { method: 'POST', body: 'webhook' })).status).toBe(200)
    await tp.call('PATCH', `/v1/projects/${ref}/functions/echo`, { token: owner, body: { verify_jwt: true } })
    expect((await fetch(fnUrl('echo'))).status).toBe(401)
  })

  it("queries the database with supabase-js under the caller's RLS", async () => {
    const source = `
import { createClient } from 'npm:@supabase/supabase-js@2'
Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get('SUPABASE_URL'), Deno.env.get('SUPABASE_ANON_KEY'), { global: { headers: { Authorization: req.headers.get('Authorization') } } })
  const { data, error } = await supabase.from('todos').select('task')
  return Response.json({ data, error })
})`
    const deployed = await deploy('my-todos', { 'index.ts': source })
    expect([deployed.status, deployed.body.message]).toEqual([201, undefined])
    const users: SupabaseClient[] = []
    for (const name of ['ann', 'bob']) {
      const client = appClient(url, keys.anon_key)
      expect((await client.auth.signUp({ email: `${name}-${Date.now()}@example.com`, password: PASSWORD })).error).toBeNull()
      expect((await client.from('todos').insert({ task: `${name}'s task` })).error).toBeNull()
      users.push(client)
    }
    const [ann, bob] = await Promise.all(users.map((client) => client.functions.invoke('my-todos')))
    expect(ann.data).toEqual({ data: [{ task: "ann's task" }], error: null })
    expect(bob.data).toEqual({ data: [{ task: "bob's task" }], error: null })
  }, 120_000)
})

describe('the environment', () => {
  it("gives the project's URL, keys, database and secrets, and nothing of the platform's", async () => {
    expect((await tp.call('POST', `/v1/projects/${ref}/secrets`, { token: owner, body: [{ name: 'STRIPE_KEY', value: 'sk_test_123' }] })).status).toBe(201)
    const listed = await tp.call('GET', `/v1/projects/${ref}/secrets`, { token: owner })
    expect(listed.body).toEqual([{ name: 'STRIPE_KEY', value: expect.stringMatching(/^[0-9a-f]{64}$/), updated_at: expect.any(String) }])
    expect(JSON.stringify(listed.body)).not.toContain('sk_test_123')
    const reserved = await tp.call('POST', `/v1/projects/${ref}/secrets`, { token: owner, body: [{ name: 'SUPABASE_URL', value: 'x' }] })
    expect(reserved.status).toBe(400)
    const env = await (await fetch(fnUrl('echo', '/env'), { headers: asAnon })).json()
    expect(env).toMatchObject({ SUPABASE_URL: url, SUPABASE_ANON_KEY: keys.anon_key, SUPABASE_SERVICE_ROLE_KEY: keys.service_role_key, STRIPE_KEY: 'sk_test_123' })
    expect(env.SUPABASE_DB_URL).toMatch(/^postgres(ql)?:\/\//)
    const platformNames = Object.keys(process.env).filter((name) => !['HOME', 'PATH', 'PWD', 'TMPDIR', 'NO_COLOR', 'SSL_CERT_FILE'].includes(name))
    expect(Object.keys(env).filter((name) => platformNames.includes(name))).toEqual([])
    expect((await tp.call('DELETE', `/v1/projects/${ref}/secrets`, { token: owner, body: ['STRIPE_KEY'] })).status).toBe(204)
    expect((await (await fetch(fnUrl('echo', '/env'), { headers: asAnon })).json()).STRIPE_KEY).toBeUndefined()
  })

  it('hands secrets to Deno alone: the sandbox, run as root before it drops to the project, never has them in its environment', async () => {
    // LD_PRELOAD in the environment of the wrappers would load a library of the caller's choosing into them, as root.
    const secrets = [
      { name: 'LD_PRELOAD', value: '/nonexistent-preload.so' },
      { name: 'MARKER_SECRET', value: 'marker-value-5d1c' },
    ]
    expect((await tp.call('POST', `/v1/projects/${ref}/secrets`, { token: owner, body: secrets })).status).toBe(201)
    try {
      const env = await (await fetch(fnUrl('echo', '/env'), { headers: asAnon })).json()
      expect(env).toMatchObject({ LD_PRELOAD: '/nonexistent-preload.so', MARKER_SECRET: 'marker-value-5d1c' })
      const [worker] = functionsService(tp.platform).pool.workersOf(ref).filter((w) => w.spec.slug === 'echo' && w.alive)
      const wrappers = fs
        .readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(worker.spec.runDir)
          } catch {
            return false
          }
        })
      expect(wrappers.length).toBeGreaterThan(0)
      for (const pid of wrappers) expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toMatch(/MARKER_SECRET|LD_PRELOAD/)
      await flushLogs(tp.platform)
      const printed = await tp.platform.db.query<{ event_message: string }>(
        `select l.event_message from log_events l join projects p on p.id = l.project_id where p.ref = $1 and l.source = 'function_logs' and l.event_message like '%preload%'`,
        [ref]
      )
      expect(printed).toEqual([])
    } finally {
      await tp.call('DELETE', `/v1/projects/${ref}/secrets`, { token: owner, body: secrets.map((s) => s.name) })
    }
  })
})

describe('the sandbox', () => {
  it("refuses an import() of /etc/passwd and any read of DATA_DIR, the app or another function's code", async () => {
    const dataDir = tp.platform.config.dataDir
    const targets = ['/etc/passwd', path.join(dataDir, 'functions'), path.join(process.cwd(), 'package.json'), `/proc/1/root/etc/passwd`]
    expect(fs.existsSync(path.join(dataDir, 'functions', 'code', ref))).toBe(true)
    const probe = `
const targets = ${JSON.stringify(targets)}
Deno.serve(async () => {
  const out = {}
  for (const target of targets) {
    const tries = []
    try { await import(target, { with: { type: 'text' } }); tries.push('import') } catch {}
    try { await Deno.readTextFile(target); tries.push('read') } catch {}
    try { for await (const _ of Deno.readDir(target)) { tries.push('list'); break } } catch {}
    out[target] = tries
  }
  out['/'] = []
  for await (const entry of Deno.readDir('/')) out['/'].push(entry.name)
  return Response.json(out)
})`
    expect((await deploy('probe', { 'index.ts': probe })).status).toBe(201)
    const seen = await (await fetch(fnUrl('probe'), { headers: asAnon })).json()
    for (const target of targets) expect([target, seen[target]]).toEqual([target, []])
    expect(seen['/'].sort()).toEqual(['cache', 'code', 'deno', 'dev', 'etc', 'lib', 'lib64', 'old', 'proc', 'run', 'tmp', 'usr'].filter((name) => name !== 'lib64' || fs.existsSync('/lib64')))
  })

  it('stops a function that loops at its CPU limit, and the next request starts a new worker', async () => {
    const source = `Deno.serve((req) => { if (new URL(req.url).pathname.endsWith('/loop')) { while (true) {} } return new Response('fine') })`
    expect((await deploy('spin', { 'index.ts': source })).status).toBe(201)
    const looped = await fetch(fnUrl('spin', '/loop'), { headers: asAnon })
    expect(looped.status).toBe(546)
    expect(await looped.json()).toMatchObject({ code: 'WORKER_LIMIT', message: expect.stringMatching(/CPU time/) })
    const next = await fetch(fnUrl('spin'), { headers: asAnon })
    expect([next.status, await next.text()]).toEqual([200, 'fine'])
  })

  it('watches CPU and memory with no request in flight too: work left running after an answer is stopped', async () => {
    const source = `Deno.serve((req) => {
      const path = new URL(req.url).pathname
      // Spins for a minute of wall clock: however little of a core a loaded machine gives it, its CPU outgrows the budget long before.
      if (path.endsWith('/spin')) setTimeout(() => { const end = Date.now() + 60_000; while (Date.now() < end) {} }, 10)
      if (path.endsWith('/grow')) { const kept = []; const grow = setInterval(() => { kept.push(new Uint8Array(64 * 1024 * 1024).fill(1)); if (kept.length > 12) clearInterval(grow) }, 20) }
      return new Response('answered')
    })`
    expect((await deploy('background', { 'index.ts': source })).status).toBe(201)
    const pool = functionsService(tp.platform).pool
    const current = () => pool.workersOf(ref).find((w) => w.spec.slug === 'background' && w.alive)
    for (const work of ['/spin', '/grow']) {
      expect(await (await fetch(fnUrl('background', work), { headers: asAnon })).text()).toBe('answered')
      const worker = current()!
      for (let i = 0; i < 1200 && worker.alive; i++) await new Promise((resolve) => setTimeout(resolve, 50))
      expect([work, worker.alive]).toEqual([work, false])
      expect(await (await fetch(fnUrl('background'), { headers: asAnon })).text()).toBe('answered')
    }
  })

  it("starts the wall clock at a request's arrival and holds no slot for a caller that left while the worker started", async () => {
    const source = `await new Promise((r) => setTimeout(r, 3000))\nDeno.serve(() => new Response('started'))`
    expect((await deploy('slow-boot', { 'index.ts': source })).status).toBe(201)
    const pool = functionsService(tp.platform).pool
    const wall = tp.platform.config.functions.wallSeconds
    try {
      await pool.release(ref, 'slow-boot')
      tp.platform.config.functions.wallSeconds = 1
      const late = await fetch(fnUrl('slow-boot'), { headers: asAnon })
      expect(late.status).toBe(504)
      expect((await late.json()).code).toBe('WALL_CLOCK')
      tp.platform.config.functions.wallSeconds = wall
      await pool.release(ref, 'slow-boot')
      const leaving = new AbortController()
      const asked = fetch(fnUrl('slow-boot'), { headers: asAnon, signal: leaving.signal }).catch(() => null)
      await new Promise((resolve) => setTimeout(resolve, 300))
      leaving.abort()
      await asked
      // Well before the worker has started (3 s), it holds nothing for the caller that left.
      const busy = () => pool.workersOf(ref).filter((w) => w.spec.slug === 'slow-boot').map((w) => w.busy)
      for (let i = 0; i < 40 && busy()[0] !== 0; i++) await new Promise((resolve) => setTimeout(resolve, 25))
      expect(busy()).toEqual([0])
    } finally {
      tp.platform.config.functions.wallSeconds = wall
    }
  })

  it('keeps one project to its share of busy workers, its idle ones kept warm', async () => {
    const pool = functionsService(tp.platform).pool
    const config = tp.platform.config.functions
    const share = config.maxWorkersPerProject
    const hold = 'Deno.serve(async () => { await new Promise((r) => setTimeout(r, 2000)); return new Response("held") })'
    expect((await deploy('hold-a', { 'index.ts': hold })).status).toBe(201)
    expect((await deploy('hold-b', { 'index.ts': hold })).status).toBe(201)
    try {
      await pool.release(ref)
      config.maxWorkersPerProject = 1
      const held = fetch(fnUrl('hold-a'), { headers: asAnon })
      for (let i = 0; i < 100 && pool.workersOf(ref).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      const refused = await fetch(fnUrl('hold-b'), { headers: asAnon })
      expect(refused.status).toBe(503)
      expect((await refused.json()).message).toMatch(/keep 1 worker busy on this server, the most one project gets at once/)
      expect(await (await held).text()).toBe('held')
      // Nothing of its own busy now: its next function starts, and the first stays warm.
      expect(await (await fetch(fnUrl('hold-b'), { headers: asAnon })).text()).toBe('held')
      expect(pool.workersOf(ref).filter((w) => w.alive).map((w) => w.spec.slug).sort()).toEqual(['hold-a', 'hold-b'])
    } finally {
      config.maxWorkersPerProject = share
    }
  })
})

describe('a redeploy', () => {
  it('switches versions under a load of 20 clients and fails no request', async () => {
    const version = (n: number) => `Deno.serve(() => Response.json({ version: ${n} }))`
    expect((await deploy('live', { 'index.ts': version(1) })).status).toBe(201)
    let running = true
    const seen = new Set<number>()
    const failures: string[] = []
    const clients = Array.from({ length: 20 }, async () => {
      while (running) {
        const res = await fetch(fnUrl('live'), { headers: asAnon }).catch((error: Error) => ({ status: 0, text: async () => error.message }) as Response)
        if (res.status !== 200) failures.push(`${res.status} ${await res.text()}`)
        else seen.add((await res.json()).version)
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await deploy('live', { 'index.ts': version(2) })).body.version).toBe(2)
    const switched = Date.now()
    while (!seen.has(2) && Date.now() - switched < 30_000) await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 300))
    running = false
    await Promise.all(clients)
    expect(failures).toEqual([])
    expect([...seen].sort()).toEqual([1, 2])
  }, 60_000)

  it("removes from the disk the folders of versions no longer stored once no worker runs them", async () => {
    const pool = functionsService(tp.platform).pool
    const codeRoot = path.join(tp.platform.config.dataDir, 'functions', 'code', ref)
    const version = (n: number) => `Deno.serve(() => Response.json({ swept: ${n} }))`
    expect((await deploy('swept', { 'index.ts': version(1) })).status).toBe(201)
    const [first] = await tp.platform.db.query<{ digest: string }>(`select digest from edge_functions where project_ref = $1 and slug = 'swept'`, [ref])
    expect((await deploy('swept', { 'index.ts': version(2) })).status).toBe(201)
    // Version 1's worker retires (nothing in flight) and ends.
    for (let i = 0; i < 100 && pool.workersOf(ref).some((w) => w.spec.codeDir.endsWith(first.digest) && !w.exitedAlready); i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fs.existsSync(path.join(codeRoot, first.digest))).toBe(true)
    expect(await pool.sweepCode(0)).toBeGreaterThan(0)
    expect(fs.existsSync(path.join(codeRoot, first.digest))).toBe(false)
    // What is stored or running stays.
    const stored = await tp.platform.db.query<{ digest: string }>('select distinct digest from edge_functions where project_ref = $1', [ref])
    for (const { digest } of stored) expect(fs.existsSync(path.join(codeRoot, digest))).toBe(true)
    expect(await (await fetch(fnUrl('swept'), { headers: asAnon })).json()).toEqual({ swept: 2 })
  })

  it('lets a worker still starting answer the requests waiting for it when a newer version replaces it', async () => {
    const slow = (n: number, delay: number) => `await new Promise((r) => setTimeout(r, ${delay}))\nDeno.serve(() => Response.json({ version: ${n} }))`
    expect((await deploy('slow-start', { 'index.ts': slow(1, 2000) })).status).toBe(201)
    // Cold again: the next request waits two seconds for its worker to start.
    await functionsService(tp.platform).pool.release(ref, 'slow-start')
    const waiting = fetch(fnUrl('slow-start'), { headers: asAnon })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await deploy('slow-start', { 'index.ts': slow(2, 0) })).status).toBe(201)
    const answer = await waiting
    expect([answer.status, await answer.json()]).toEqual([200, { version: 1 }])
    expect(await (await fetch(fnUrl('slow-start'), { headers: asAnon })).json()).toEqual({ version: 2 })
  })
})

describe('logs and usage', () => {
  it("records each invocation in function_edge_logs and what the function prints in function_logs", async () => {
    await fetch(fnUrl('echo', '/logged'), { method: 'POST', headers: asAnon, body: 'x' })
    await flushLogs(tp.platform)
    const edge = (await tp.call('GET', `/platform/projects/${ref}/logs?source=function_edge_logs&limit=1000`, { token: owner })).body.events as { event_message: string; metadata: any }[]
    const logged = edge.find((e) => e.event_message === 'POST | 200 | /functions/v1/echo/logged')
    expect(logged?.metadata).toMatchObject({ function_slug: 'echo', version: 1, response: { status_code: 200 } })
    const printed = (await tp.call('GET', `/platform/projects/${ref}/logs?source=function_logs&limit=1000`, { token: owner })).body.events as { event_message: string; metadata: any }[]
    expect(printed.some((e) => e.event_message === 'echo POST /echo/logged' && e.metadata.function_slug === 'echo')).toBe(true)
    expect(JSON.stringify(edge)).not.toContain(keys.anon_key)
  })

  it("keeps a function that prints in a loop to its project's budget of lines, and says how many it dropped", async () => {
    const loud = `Deno.serve((req) => {
      const url = new URL(req.url)
      if (url.pathname.endsWith('/loop')) for (let i = 0; i < 3000; i++) console.log('loud line', i)
      else console.log('after the loop')
      // A line with no newline at all, far longer than a line is kept: cut, never held whole.
      if (url.pathname.endsWith('/loop')) Deno.stdout.writeSync(new TextEncoder().encode('y'.repeat(1024 * 1024)))
      return new Response('ok')
    })`
    expect((await deploy('loud', { 'index.ts': loud }, { entrypoint_path: 'index.ts', verify_jwt: false })).status).toBe(201)
    expect((await fetch(fnUrl('loud', '/loop'))).status).toBe(200)
    type Line = { level: string; event_message: string; metadata: { dropped_lines?: number } }
    const read = async () => {
      await flushLogs(tp.platform)
      return tp.platform.db.query<Line>(
        `select l.level, l.event_message, l.metadata from log_events l join projects p on p.id = l.project_id where p.ref = $1 and l.source = 'function_logs' and l.metadata->>'function_slug' = 'loud' order by l.id`,
        [ref]
      )
    }
    // Once the loop's output is read (the budget refills meanwhile), one more line gets in and says what was dropped.
    let lines: Line[] = []
    for (let tries = 0; tries < 100 && !lines.some((l) => l.event_message === 'after the loop'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await fetch(fnUrl('loud', '/after'))).status).toBe(200)
      lines = await read()
    }
    const looped = lines.filter((l) => l.event_message.startsWith('loud line'))
    expect(looped.length).toBeGreaterThan(900)
    expect(looped.length).toBeLessThan(1500)
    const warnings = lines.filter((l) => l.level === 'warning')
    expect(warnings[0]?.event_message).toMatch(/printed lines were not recorded: this project's functions printed more than 100 lines a second/)
    // Every line of the loop and the long one is recorded or counted as dropped.
    const kept = lines.filter((l) => l.level !== 'warning' && l.event_message !== 'after the loop').length
    const dropped = warnings.reduce((sum, l) => sum + l.metadata.dropped_lines!, 0)
    expect(kept + dropped).toBeGreaterThanOrEqual(3001)
    expect(lines.every((l) => l.event_message.length <= 8 * 1024 + 1)).toBe(true)
  })

  it('counts invocations into usage', async () => {
    await sampleUsage(tp.platform)
    const [row] = await tp.platform.db.query<{ value: string }>(`select sum(value)::text as value from usage_daily where project_ref = $1 and metric = 'FUNCTION_INVOCATIONS'`, [ref])
    expect(Number(row.value)).toBeGreaterThan(20)
  })
})

describe('a deleted function and a paused project', () => {
  it("stops a deleted function's workers and answers 404", async () => {
    expect((await tp.call('DELETE', `/v1/projects/${ref}/functions/spin`, { token: owner })).status).toBe(204)
    expect(functionsService(tp.platform).pool.workersOf(ref).some((worker) => worker.spec.slug === 'spin')).toBe(false)
    expect((await fetch(fnUrl('spin'), { headers: asAnon })).status).toBe(404)
  })

  it('answers 409 while the project is paused, its workers stopped, a deploy under way when it paused included', async () => {
    // A deploy whose check takes 3 s to start, paused under it: its worker stops, nothing is stored.
    const deploying = deploy('paused-mid-deploy', { 'index.ts': `await new Promise((r) => setTimeout(r, 3000))\nDeno.serve(() => new Response('x'))` })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner })).status).toBe(200)
    // 503 when the pause stopped its check; 409 when the pause came first on a loaded machine.
    expect([409, 503]).toContain((await deploying).status)
    while ((await statusOf(tp, ref)) !== 'INACTIVE') await new Promise((resolve) => setTimeout(resolve, 50))
    expect(functionsService(tp.platform).pool.workersOf(ref)).toEqual([])
    expect(await tp.platform.db.query(`select 1 from edge_functions where project_ref = $1 and slug = 'paused-mid-deploy'`, [ref])).toEqual([])
    const paused = await fetch(fnUrl('echo'), { headers: asAnon })
    expect(paused.status).toBe(409)
  })
})
