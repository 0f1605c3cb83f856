// @vitest-environment node
/**
 * Streamed SQL results (`POST /platform/pg-meta/{ref}/query?format=ndjson`) on both backends:
 * the lines, rows as arrays (columns of the same name keep their own values), notices, an error
 * before and after the first line, read-only members, the query history, a client that leaves
 * mid-stream, and a 1,000,000-row answer that the server never holds whole (its RSS is measured).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg } from '../helpers/project-backends'

type Line = { type: string; [key: string]: any }

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`streamed SQL results: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let ref: string
    let owner: string
    let reader: string

    beforeAll(async () => {
      const started = await backend.start()
      tp = started.tp
      stop = started.stop
      const o = await ownerWithOrg(tp, 'Stream Org')
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug)
      reader = await memberOf(tp, o.org.id, 'Read-only')
    })
    afterAll(async () => stop?.())

    const post = (token: string, sql: string, signal?: AbortSignal, queryId?: string) =>
      fetch(`${tp.url}/platform/pg-meta/${ref}/query?format=ndjson${queryId ? `&query_id=${queryId}` : ''}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: sql }),
        signal,
      })

    async function lines(token: string, sql: string): Promise<{ status: number; type: string | null; lines: Line[] }> {
      const res = await post(token, sql)
      const text = await res.text()
      const type = res.headers.get('content-type')
      if (!type?.startsWith('application/x-ndjson')) return { status: res.status, type, lines: [JSON.parse(text)] }
      return { status: res.status, type, lines: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line) }
    }

    it('streams every statement: columns, rows as arrays, completion, then the end', async () => {
      const { status, lines: got } = await lines(owner, "select 'a' as dup, 'b' as dup, 1 as n; create temporary table streamed (x int); insert into streamed values (1), (2)")
      expect(status).toBe(200)
      expect(got.map((line) => line.type)).toEqual(['columns', 'rows', 'complete', 'complete', 'complete', 'end'])
      expect(got[0].columns.map((c: { name: string }) => c.name)).toEqual(['dup', 'dup', 'n'])
      expect(got[1].rows).toEqual([['a', 'b', 1]])
      expect(got[2]).toEqual({ type: 'complete', command: 'SELECT', rowCount: 1 })
      expect(got[3]).toEqual({ type: 'complete', command: 'CREATE TABLE', rowCount: null })
      expect(got[4]).toEqual({ type: 'complete', command: 'INSERT', rowCount: 2 })
      expect(got[5].durationMs).toEqual(expect.any(Number))
    })

    it('sends notices as lines of their own', async () => {
      const { lines: got } = await lines(owner, "do $$ begin raise notice 'hello %', 42 using hint = 'just saying'; end $$")
      const notice = got.find((line) => line.type === 'notice')
      expect(notice).toMatchObject({ severity: 'NOTICE', message: 'hello 42', hint: 'just saying' })
      expect(got.at(-1)?.type).toBe('end')
    })

    it('answers a plain 400 for an error before any line, with Postgres details', async () => {
      const { status, type, lines: got } = await lines(owner, 'select * from no_such_table')
      expect(status).toBe(400)
      expect(type).toMatch(/^application\/json/)
      expect(got[0].message).toBe('relation "no_such_table" does not exist')
      expect(got[0].pg).toMatchObject({ code: '42P01', position: 15 })
    })

    it('ends with an error line when a later statement fails', async () => {
      const { status, lines: got } = await lines(owner, 'select 1 as one; select 1 / 0')
      expect(status).toBe(200)
      expect(got.slice(0, 3).map((line) => line.type)).toEqual(['columns', 'rows', 'complete'])
      expect(got.at(-1)).toMatchObject({ type: 'error', status: 400, message: 'division by zero', pg: { code: '22012' } })
    })

    it('streams for read-only members too', async () => {
      const { status, lines: got } = await lines(reader, "select 'x' as a, 'y' as b")
      expect(status).toBe(200)
      expect(got.find((line) => line.type === 'rows')?.rows).toEqual([['x', 'y']])
      expect(got.at(-1)?.type).toBe('end')
    })

    it('records the run in the query history with its row count', async () => {
      await lines(owner, 'select g from generate_series(1, 7) g')
      const res = await tp.call('GET', `/platform/projects/${ref}/query-history`, { token: owner })
      expect(res.status).toBe(200)
      const entry = res.body.data.find((e: { sql: string }) => e.sql === 'select g from generate_series(1, 7) g')
      expect(entry).toMatchObject({ row_count: 7, error: null })
    })

    it('keeps a run asked with history=skip out of the query history', async () => {
      const sql = 'select 42 as not_in_history'
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?history=skip`, { token: owner, body: { query: sql } })
      expect(res.status).toBe(200)
      const history = await tp.call('GET', `/platform/projects/${ref}/query-history`, { token: owner })
      expect(history.body.data.map((e: { sql: string }) => e.sql)).not.toContain(sql)
    })

    it('stops the run when the client leaves mid-stream; the project answers right after', async () => {
      const controller = new AbortController()
      // Wide rows fill the database's output buffer at once; the whole run would take 1,000 s.
      const queryId = randomUUID()
      const res = await post(owner, "select g, repeat('x', 1000), pg_sleep(0.01) from generate_series(1, 100000) g", controller.signal, queryId)
      const reader = res.body!.getReader()
      await reader.read() // the first line is in: the run is going
      const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [ref])
      expect(tp.platform.databases.runState(row.db_location, queryId)).toBe('running')
      controller.abort()
      await reader.cancel().catch(() => undefined)
      // The run itself ended (on a server the next query would not wait for it: ask the platform).
      while (tp.platform.databases.runState(row.db_location, queryId) !== null) await new Promise((resolve) => setTimeout(resolve, 20))
      const after = await lines(owner, 'select 1 as one')
      expect(after.status).toBe(200)
      expect(after.lines.find((line) => line.type === 'rows')?.rows).toEqual([[1]])
    })

    it('streams 1,000,000 rows without holding them in server memory', async () => {
      const sql = "select g, md5(g::text) as hash, repeat('x', 60) as pad from generate_series(1, 1000000) g"
      const res = await post(owner, sql)
      expect(res.status).toBe(200)
      const before = process.memoryUsage().rss
      let peak = before
      let bytes = 0
      let rows = 0
      let tail = ''
      let last: Line | null = null
      const decoder = new TextDecoder()
      const reader = res.body!.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        bytes += value.length
        // Count rows without keeping them: each rows line is parsed and dropped.
        const text = tail + decoder.decode(value, { stream: true })
        const parts = text.split('\n')
        tail = parts.pop() ?? ''
        for (const part of parts) {
          if (!part) continue
          const line = JSON.parse(part) as Line
          if (line.type === 'rows') rows += line.rows.length
          else last = line
        }
        peak = Math.max(peak, process.memoryUsage().rss)
      }
      expect(rows).toBe(1_000_000)
      expect(last?.type).toBe('end')
      // The answer is ~100 MB of JSON; the process (server and this client together) grew by a
      // fraction of it, so the rows were handed on, not gathered (gathered, the answer alone would
      // take all of it, twice over as a string). The margin leaves room for this client's parsed
      // lines that the collector has not reclaimed yet on a busy machine.
      expect(bytes).toBeGreaterThan(90_000_000)
      expect(peak - before).toBeLessThan(bytes * 0.8)
    })
  })
}
