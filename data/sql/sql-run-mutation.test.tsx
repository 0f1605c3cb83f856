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
import { useSqlRunMutation } from './sql-run-mutation'

const server = setupServer(
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
