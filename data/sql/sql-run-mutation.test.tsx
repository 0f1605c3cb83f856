// @vitest-environment happy-dom
/** Every run is recorded by the platform, failed ones too: the project's history is refetched when one settles. */
import { vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { createQueryClient } from '@/data/query-client'
import { ndjsonAnswer } from '@/tests/fixtures/results'
import { runSql, useSqlRunMutation } from './sql-run-mutation'

/** An answer of `lines` lines of 100 rows, made as it is read: `seen.sent` says how far it was read. */
function longStream(lines: number) {
  const encoder = new TextEncoder()
  const seen = { sent: 0 }
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode(JSON.stringify({ type: 'columns', columns: [{ name: 'n', type: 'int4' }] }) + '\n'))
      if (sent === lines) {
        controller.enqueue(encoder.encode('{"type":"complete","command":"SELECT","rowCount":0}\n{"type":"end","durationMs":1}\n'))
        return controller.close()
      }
      const rows = Array.from({ length: 100 }, (_, i) => [sent * 100 + i])
      controller.enqueue(encoder.encode(JSON.stringify({ type: 'rows', rows }) + '\n'))
      seen.sent = ++sent
    },
  })
  return { seen, answer: () => new HttpResponse(body, { headers: { 'Content-Type': 'application/x-ndjson' } }) }
}
let long = longStream(0)

const server = setupServer(
  http.post('*/api/platform/pg-meta/long/query', () => long.answer()),
  http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
    const { query } = (await request.json()) as { query: string }
    return query === 'select nope'
      ? HttpResponse.json({ message: 'column "nope" does not exist', code: '42703' }, { status: 400 })
      : ndjsonAnswer([], 1)
  })
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('refreshes the project history after each run of the project, failed ones too', async () => {
  const client = createQueryClient()
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  const onSettled = vi.fn()
  const { result } = renderHook(() => useSqlRunMutation({ onSettled }), { wrapper })
  expect(invalidate).not.toHaveBeenCalled()

  await result.current.mutateAsync({ projectRef: 'abc', sql: 'select 1' })
  expect(invalidate).toHaveBeenCalledTimes(1)
  expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['query-history', 'abc'] })

  await expect(result.current.mutateAsync({ projectRef: 'abc', sql: 'select nope' })).rejects.toThrow('does not exist')
  expect(invalidate).toHaveBeenCalledTimes(2)
  // The caller's own onSettled still runs.
  expect(onSettled).toHaveBeenCalledTimes(2)
})

describe('the result budget', () => {
  it('stops reading past it: the request ends (which stops the run), and the rows so far are answered as cut', async () => {
    long = longStream(1_000)
    const data = await runSql({ projectRef: 'long', sql: 'select n from big', budgetChars: 5_000 })
    expect(data.cut).toBe(true)
    const [result] = data.results
    expect(result.cut).toBe(true)
    expect(result.complete).toBe(false)
    // About 5,000 characters of rows lines (some 500 characters a line), and nothing after them.
    expect(result.rows.length).toBeGreaterThanOrEqual(900)
    expect(result.rows.length).toBeLessThanOrEqual(1_100)
    expect(result.rows.cell(0, 0)).toBe(0)
    // Nothing more of the answer is read (a browser also cancels the body of an aborted request,
    // which the platform sees as its reader gone): the source is not pulled past what it had.
    const sent = long.seen.sent
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(long.seen.sent).toBe(sent)
    expect(sent).toBeLessThan(20)
  })

  it('answers a result within it whole, not cut', async () => {
    long = longStream(5)
    const data = await runSql({ projectRef: 'long', sql: 'select n from small', budgetChars: 5_000 })
    expect(data.cut).toBe(false)
    expect(data.results[0].rows.length).toBe(500)
    expect(data.results[0].complete).toBe(true)
  })

  it('still fails with the caller’s abort, budget or not', async () => {
    long = longStream(1_000)
    const caller = new AbortController()
    const running = runSql({ projectRef: 'long', sql: 'select n from big', budgetChars: 1e9, onProgress: () => caller.abort() }, caller.signal)
    await expect(running).rejects.toThrow()
  })
})
