// @vitest-environment node
/**
 * The built-in docs backend over HTTP: the product's docs/*.md indexed at start, full-text search
 * (phrases, trimmed queries), the semantic search by trigram (a misspelt word) and by embeddings
 * (an OpenAI-compatible stand-in), idempotent indexing that leaves one row per page when run at
 * once (also by two instances on one PostgreSQL server), refused garbage and the rate limit.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCS_SEARCH_QUERY_MAX_LENGTH } from '@/lib/api-types'
import { indexDocs, readDocsSources } from '@/server/docs/index-docs'
import { startTestPlatform, settle, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster'

const FTS = '/docs/rest/v1/rpc/docs_search_fts'
const SEMANTIC = '/docs/functions/v1/search-embeddings'
const DOCS_PAGES = fs.readdirSync(path.join(process.cwd(), 'docs')).filter((f) => f.endsWith('.md')).length

type Result = { id: string; path: string; type: string; title: string; headings: string[]; slugs: string[] }

async function rowsPerPath(tp: TestPlatform) {
  return tp.platform.db.query<{ path: string; n: number }>('select path, count(*)::int as n from docs_pages group by path order by path')
}

describe('the docs backend (embedded control plane, no embeddings model)', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform({ docsSearch: { publicUrl: '/api/docs', perIp: { limit: 0, windowSeconds: 60 }, embeddings: null } })
  })
  afterAll(async () => tp?.close())

  it('indexes every page of docs/ at start, with its sections', async () => {
    expect(await rowsPerPath(tp)).toHaveLength(DOCS_PAGES)
    const [page] = await tp.platform.db.query<{ title: string; type: string; sections: { heading: string; slug: string }[] }>(
      `select title, type, sections from docs_pages where path = '/docs/sql-editor'`
    )
    expect(page.title).toBe('The SQL editor')
    expect(page.type).toBe('markdown')
    expect(page.sections).toContainEqual(expect.objectContaining({ heading: 'Snippets: saved as you type', slug: 'snippets-saved-as-you-type' }))
  })

  it('finds a phrase from the docs by full-text search, with the section it is in', async () => {
    const res = await tp.call('POST', FTS, { body: { query: '"saved as you type"' } })
    expect(res.status).toBe(200)
    const results = res.body as Result[]
    expect(results[0]).toMatchObject({ path: '/docs/sql-editor', type: 'markdown', title: 'The SQL editor' })
    expect(results[0].headings).toContain('Snippets: saved as you type')
    expect(results[0].slugs[results[0].headings.indexOf('Snippets: saved as you type')]).toBe('snippets-saved-as-you-type')
    for (const r of results) expect(r.headings).toHaveLength(r.slugs.length)
  })

  it('trims the query, ranks the page named by the words first, and finds nothing for words the docs lack', async () => {
    const trimmed = await tp.call('POST', FTS, { body: { query: '   passkey fingerprint   ' } })
    expect(trimmed.status).toBe(200)
    expect(trimmed.body[0].path).toBe('/docs/passkeys')
    const none = await tp.call('POST', FTS, { body: { query: 'xylophone quasar' } })
    expect(none.body).toEqual([])
  })

  it('answers a misspelt word by trigram similarity, and says so in a header', async () => {
    const fts = await tp.call('POST', FTS, { body: { query: 'passkys' } })
    expect(fts.body).toEqual([])
    const res = await tp.call('POST', SEMANTIC, { body: { query: 'passkys' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-docs-search-mode')).toBe('trigram')
    expect((res.body as Result[]).map((r) => r.path)).toContain('/docs/passkeys')
  })

  it('indexing again writes nothing, and concurrent runs leave one row per page', async () => {
    expect(await indexDocs(tp.platform)).toEqual({ written: 0, removed: 0 })
    const ids = await tp.platform.db.query<{ id: string }>('select id from docs_pages order by path')
    await tp.platform.db.query('update docs_pages set content_hash = $1', ['stale'])
    const runs = await Promise.all([indexDocs(tp.platform), indexDocs(tp.platform), indexDocs(tp.platform)])
    expect(runs.map((r) => r.written).sort()).toEqual([0, 0, DOCS_PAGES])
    expect((await rowsPerPath(tp)).every((r) => r.n === 1)).toBe(true)
    // Pages keep their ids, so a result seen before is still the same result.
    expect(await tp.platform.db.query('select id from docs_pages order by path')).toEqual(ids)
  })

  it('removes a page gone from docs/', async () => {
    const pages = readDocsSources()
    expect(await indexDocs(tp.platform, pages.slice(1))).toEqual({ written: 0, removed: 1 })
    expect(await rowsPerPath(tp)).toHaveLength(DOCS_PAGES - 1)
    expect(await indexDocs(tp.platform, pages)).toEqual({ written: 1, removed: 0 })
  })

  it.each([
    ['a list', [], 'The body must be a JSON object with a query'],
    ['no query', {}, 'query is required'],
    ['a number', { query: 42 }, 'query must be text'],
    ['an empty query', { query: '' }, 'query must not be empty'],
    ['only spaces', { query: '   ' }, 'query must not be empty'],
    ['a query too long', { query: 'a'.repeat(DOCS_SEARCH_QUERY_MAX_LENGTH + 1) }, `query must be at most ${DOCS_SEARCH_QUERY_MAX_LENGTH} characters`],
    ['a NUL byte', { query: 'sign\u0000in' }, undefined],
  ])('refuses %s with a 400 that says why', async (_, body, message) => {
    for (const route of [FTS, SEMANTIC]) {
      const res = await tp.call('POST', route, { body })
      expect(res.status).toBe(400)
      expect(res.body.requestId).toBeTruthy()
      if (message) expect(res.body.message).toContain(message)
    }
  })

  it('answers any text a person could type with a list, never a server error', async () => {
    const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    const syntax = fc.constantFrom('"', '-', ' or ', ':*', '&', '|', '!', '(', ')', '<->', "'", '\\', '%', '_', 'é', '日本', '\uD83D\uDE00', '\uD800')
    const typed = fc.array(fc.oneof(fc.string({ maxLength: 12 }), syntax), { maxLength: 12 }).map((parts) => parts.join(''))
    await fc.assert(
      fc.asyncProperty(typed, fc.constantFrom(FTS, SEMANTIC), async (query, route) => {
        const res = await tp.call('POST', route, { body: { query } })
        if (query.trim() === '' || query.trim().length > DOCS_SEARCH_QUERY_MAX_LENGTH || query.includes('\u0000')) expect(res.status).toBe(400)
        // Half a surrogate pair is no text at all (no keyboard types it): refused, naming the field.
        else if (LONE_SURROGATE.test(query)) expect([res.status, res.body.message]).toEqual([400, expect.stringContaining('query is not valid Unicode')])
        else {
          expect(res.status, JSON.stringify(res.body)).toBe(200)
          expect(Array.isArray(res.body)).toBe(true)
        }
      }),
      { numRuns: 60, seed: 20261124 }
    )
  })

  it('refuses a body that is not JSON, and one far too big', async () => {
    const notJson = await tp.call('POST', FTS, { rawBody: 'query=sign in' })
    expect(notJson.status).toBe(400)
    const huge = await tp.call('POST', FTS, { rawBody: JSON.stringify({ query: 'x'.repeat(10_000) }) })
    expect(huge.status).toBe(413)
  })

  it('serves the docs backend URL to the browser', async () => {
    const res = await tp.call('GET', '/config')
    expect(res.body.docsSearchUrl).toBe('/api/docs')
  })
})

describe('the rate limit per client address', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform({ docsSearch: { publicUrl: '/api/docs', perIp: { limit: 3, windowSeconds: 3600 }, embeddings: null } })
  })
  afterAll(async () => tp?.close())

  it('counts both sources together and answers 429 with Retry-After once over', async () => {
    const statuses = []
    for (const route of [FTS, SEMANTIC, FTS, SEMANTIC]) statuses.push((await tp.call('POST', route, { body: { query: 'sign in' } })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await tp.call('POST', FTS, { body: { query: 'sign in' } })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

/** Bag-of-words vectors: texts sharing words are similar, as with a real model but predictable. */
const DIMENSIONS = 256
function vectorOf(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0)
  for (const word of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
    let h = 0
    for (const c of word.slice(0, 6)) h = (h * 31 + c.charCodeAt(0)) % 1_000_003
    vector[h % DIMENSIONS] += 1
  }
  return vector
}

type EmbeddingsStandIn = { baseUrl: string; requests: { model: string; input: string[]; authorization?: string }[]; failing: boolean; close(): Promise<void> }

async function startEmbeddingsStandIn(): Promise<EmbeddingsStandIn> {
  const standIn: EmbeddingsStandIn = { baseUrl: '', requests: [], failing: false, close: async () => undefined }
  const server = http.createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end()
    if (standIn.failing) return void res.writeHead(500).end('{"error":{"message":"down"}}')
    const body = JSON.parse(raw) as { model: string; input: string[] }
    standIn.requests.push({ ...body, authorization: req.headers.authorization })
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ object: 'list', data: body.input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })), model: body.model }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return standIn
}

describe('semantic search with an embeddings model', () => {
  let tp: TestPlatform
  let model: EmbeddingsStandIn
  beforeAll(async () => {
    model = await startEmbeddingsStandIn()
    tp = await startTestPlatform({
      docsSearch: {
        publicUrl: '/api/docs',
        perIp: { limit: 0, windowSeconds: 60 },
        embeddings: { baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'bag-of-words', timeoutMs: 5_000 },
      },
    })
    await settle(tp.platform)
  })
  afterAll(async () => {
    await tp?.close()
    await model?.close()
  })

  it('embeds every page and section at start, once', async () => {
    const [{ n }] = await tp.platform.db.query<{ n: number }>(`select count(*)::int as n from docs_embeddings where model = 'bag-of-words'`)
    const [{ sections }] = await tp.platform.db.query<{ sections: number }>('select sum(jsonb_array_length(sections) + 1)::int as sections from docs_pages')
    expect(n).toBe(sections)
    expect(model.requests[0].authorization).toBe('Bearer sk-test')
    const asked = model.requests.length
    await indexDocs(tp.platform)
    expect(model.requests).toHaveLength(asked)
  })

  it('answers by cosine similarity, naming the mode, with the closest sections', async () => {
    const res = await tp.call('POST', SEMANTIC, { body: { query: 'signing in with a passkey' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-docs-search-mode')).toBe('embeddings')
    const passkeys = (res.body as Result[]).find((r) => r.path === '/docs/passkeys')
    expect(passkeys?.headings).toContain('Signing in with a passkey')
    expect(passkeys?.headings).toHaveLength(passkeys!.slugs.length)
    expect(model.requests.at(-1)!.input).toEqual(['signing in with a passkey'])
  })

  it('answers by trigram when the model fails on a query', async () => {
    model.failing = true
    try {
      const res = await tp.call('POST', SEMANTIC, { body: { query: 'passkys' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-docs-search-mode')).toBe('trigram')
      expect((res.body as Result[]).map((r) => r.path)).toContain('/docs/passkeys')
    } finally {
      model.failing = false
    }
  })
})

describe.runIf(pgClusterAvailable())('two instances starting at once on one PostgreSQL server', () => {
  let cluster: PgCluster
  beforeAll(async () => {
    cluster = await startPgCluster()
  })
  afterAll(async () => cluster?.stop())

  it('index the docs once: one row per page, and full-text and trigram search work there', async () => {
    const docsSearch = { publicUrl: '/api/docs', perIp: { limit: 0, windowSeconds: 60 }, embeddings: null }
    const [a, b] = await Promise.all([
      startTestPlatform({ platformDatabaseUrl: cluster.url, docsSearch }),
      startTestPlatform({ platformDatabaseUrl: cluster.url, docsSearch }),
    ])
    try {
      const rows = await rowsPerPath(a)
      expect(rows).toHaveLength(DOCS_PAGES)
      expect(rows.every((r) => r.n === 1)).toBe(true)
      expect((await b.call('POST', FTS, { body: { query: '"saved as you type"' } })).body[0].path).toBe('/docs/sql-editor')
      const trigram = await a.call('POST', SEMANTIC, { body: { query: 'passkys' } })
      expect(trigram.headers.get('x-docs-search-mode')).toBe('trigram')
      expect((trigram.body as Result[]).map((r) => r.path)).toContain('/docs/passkeys')
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
