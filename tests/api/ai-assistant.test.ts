// @vitest-environment node
/**
 * The AI assistant against a stand-in for an OpenAI-compatible server: the answer is streamed to
 * the caller piece by piece, the model is told the project's schema (never its rows), every
 * member may ask (it only proposes SQL), and whatever goes wrong upstream is a clear 502 that
 * names no key. Without a key the routes say how to turn it on.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AI_DISABLED_MESSAGE } from '@/lib/api-types'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { activeProject, memberOf, ownerWithOrg } from '../helpers/project-backends'
import { startOpenAiStandIn, type OpenAiStandIn } from '../helpers/openai-stand-in'
import { formatSchema, SCHEMA_CONTEXT_MAX_CHARS, type SchemaTable } from '@/server/ai/schema-context'

const KEY = 'sk-test-0123456789abcdef'

describe('AI assistant', () => {
  let tp: TestPlatform
  let owner: string
  let orgId: number
  let ref: string
  let standIn: OpenAiStandIn

  beforeAll(async () => {
    tp = await startTestPlatform()
    const { token, org } = await ownerWithOrg(tp, 'AI Org')
    owner = token
    orgId = org.id
    ref = await activeProject(tp, owner, org.slug)
  })
  afterAll(async () => tp?.close())

  beforeEach(async () => {
    standIn = await startOpenAiStandIn()
    tp.platform.config.ai = { ...tp.platform.config.ai, apiKey: KEY, baseUrl: standIn.baseUrl, model: 'stand-in-model', timeoutMs: 2_000, perUser: { limit: 0, windowSeconds: 60 } }
  })
  afterEach(async () => standIn?.close())

  const ask = (token: string, body: unknown = { messages: [{ role: 'user', content: 'List my tables' }] }) =>
    fetch(`${tp.url}/platform/projects/${ref}/ai/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('streams the answer in pieces, and whole', async () => {
    const pieces = ['Here is the query:\n', '```sql\n', 'select * from todos;\n', '```\n']
    standIn.behaviour = { kind: 'stream', pieces, pauseMs: 80 }
    const res = await ask(owner)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.headers.get('cache-control')).toContain('no-cache')
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    const received: string[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received.push(value)
    }
    expect(received.length).toBeGreaterThan(1)
    expect(received.join('')).toBe(pieces.join(''))
  })

  it("tells the model the project's schema, names and types only, and the conversation", async () => {
    const created = await tp.call('POST', `/platform/pg-meta/${ref}/query`, {
      token: owner,
      body: { query: "create table public.todos (id bigint primary key, title text not null, done boolean); insert into todos values (1, 'secret row text', false)" },
    })
    expect(created.status).toBe(200)
    standIn.behaviour = { kind: 'stream', pieces: ['ok'] }
    const conversation = [
      { role: 'user', content: 'How many todos are there?' },
      { role: 'assistant', content: 'Use count(*).' },
      { role: 'user', content: 'And the open ones?' },
    ]
    const res = await ask(owner, { messages: conversation, tables: [{ schema: 'public', name: 'todos' }] })
    expect(await res.text()).toBe('ok')
    const [request] = standIn.requests
    expect(request.authorization).toBe(`Bearer ${KEY}`)
    expect(request.body).toMatchObject({ model: 'stand-in-model', stream: true })
    const [system, ...rest] = request.body.messages
    expect(system.role).toBe('system')
    expect(system.content).toContain('public.todos: id bigint not null, title text not null, done boolean')
    expect(system.content).toContain('```sql')
    expect(system.content).not.toContain('secret row text')
    expect(rest).toEqual(conversation)
  })

  it('says how to enable it when no key is configured', async () => {
    tp.platform.config.ai = { ...tp.platform.config.ai, apiKey: undefined }
    const res = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.status).toBe(503)
    expect(res.body.message).toBe(AI_DISABLED_MESSAGE)
    expect(res.body.message).toContain("Set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, OPENAI_MODEL) on the dashboard's server and restart it.")
    expect((await tp.call('GET', '/platform/ai/status', { token: owner })).body).toEqual({ enabled: false, model: null })
    expect(standIn.requests).toHaveLength(0)
  })

  it('reports whether it is enabled, and the model', async () => {
    expect((await tp.call('GET', '/platform/ai/status', { token: owner })).body).toEqual({ enabled: true, model: 'stand-in-model' })
  })

  it.each([
    [401, /refused the API key/],
    [429, /rate limiting/],
    [500, /failed \(HTTP 500\)/],
  ])('answers 502 when the provider answers %i, without the key', async (status, message) => {
    standIn.behaviour = { kind: 'status', status }
    const res = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(message)
    expect(JSON.stringify(res.body)).not.toContain(KEY.slice(3, 10))
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'))
  })

  it('answers 502 when the provider does not answer in time', async () => {
    standIn.behaviour = { kind: 'hang' }
    tp.platform.config.ai = { ...tp.platform.config.ai, timeoutMs: 300 }
    const res = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/did not answer within/)
  })

  it('answers 502 when the provider sends something that is not an event stream', async () => {
    standIn.behaviour = { kind: 'garbage' }
    const res = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/could not be read/)
  })

  it('answers 502 when the provider cannot be reached', async () => {
    await standIn.close()
    const res = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/could not be reached/)
  })

  it('stops asking the provider when the browser goes away', async () => {
    standIn.behaviour = { kind: 'stream', pieces: Array.from({ length: 50 }, (_, i) => `piece ${i} `), pauseMs: 50 }
    const controller = new AbortController()
    const res = await fetch(`${tp.url}/platform/projects/${ref}/ai/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'go on' }] }),
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    await reader.read()
    controller.abort()
    await expect(Promise.race([standIn.aborted.then(() => 'aborted'), new Promise((r) => setTimeout(() => r('still streaming'), 2_000))])).resolves.toBe('aborted')
  })

  it('hides the project from an outsider', async () => {
    const outsider = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: outsider.token })
    const res = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: outsider.token, body: { messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.status).toBe(404)
    expect(standIn.requests).toHaveLength(0)
  })

  it('lets a Read-only member ask (it only proposes SQL)', async () => {
    const readOnly = await memberOf(tp, orgId, 'Read-only')
    standIn.behaviour = { kind: 'stream', pieces: ['select ', '1;'] }
    const res = await ask(readOnly)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('select 1;')
    expect(standIn.requests[0].body.messages[0].content).toContain('public.todos')
  })

  it('refuses too many or too long messages, and a conversation not ending with a question', async () => {
    const many = Array.from({ length: 41 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }))
    const tooMany = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: many } })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toMatch(/at most 40 messages/)
    const tooLong = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'user', content: 'x'.repeat(20_001) }] } })
    expect(tooLong.status).toBe(400)
    const lastAnswer = await tp.call('POST', `/platform/projects/${ref}/ai/sql`, { token: owner, body: { messages: [{ role: 'assistant', content: 'hi' }] } })
    expect(lastAnswer.status).toBe(400)
    expect(standIn.requests).toHaveLength(0)
  })

  it('limits the questions a user may ask', async () => {
    tp.platform.config.ai = { ...tp.platform.config.ai, perUser: { limit: 2, windowSeconds: 3600 } }
    standIn.behaviour = { kind: 'stream', pieces: ['ok'] }
    const user = await memberOf(tp, orgId, 'Developer')
    expect((await ask(user)).status).toBe(200)
    expect((await ask(user)).status).toBe(200)
    const third = await ask(user)
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBeTruthy()
  })
})

describe('the schema given to the model', () => {
  const table = (name: string, columns = 2): SchemaTable => ({
    schema: 'public',
    name,
    kind: 'table',
    columns: Array.from({ length: columns }, (_, i) => [`col_${i}`, 'text', i === 0] as [string, string, boolean]),
  })

  it('lists at most 200 tables, the ones asked about first, and says how many were left out', () => {
    const tables = Array.from({ length: 250 }, (_, i) => table(`t${String(i).padStart(3, '0')}`))
    const lines = formatSchema(tables, [{ schema: 'public', name: 't240' }]).split('\n')
    expect(lines).toHaveLength(201)
    expect(lines[0]).toBe('public.t240: col_0 text not null, col_1 text')
    expect(lines[200]).toBe('(50 more tables not listed)')
  })

  it('stays within its size limit, and quotes names that need it', () => {
    const wide = Array.from({ length: 30 }, (_, i) => table(`wide_${i}`, 200))
    expect(formatSchema(wide).length).toBeLessThanOrEqual(SCHEMA_CONTEXT_MAX_CHARS + 100)
    expect(formatSchema([{ schema: 'Sales', name: 'Order "lines"', kind: 'view', columns: [['Qty', 'integer', false]] }])).toBe(
      '"Sales"."Order ""lines""" (view): "Qty" integer'
    )
  })
})
