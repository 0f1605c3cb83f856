// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { createQueryClient } from '@/data/query-client'
import { setSnippetError, setSnippetResults, setSnippetSql, sqlEditorState } from '@/state/sql-editor'
import { useRefreshHistoryAfterRuns } from './useRefreshHistoryAfterRuns'

/** Lets valtio deliver its (batched) notifications. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

it('refreshes the project history after each run of the project, and only then', async () => {
  sqlEditorState.reset()
  setSnippetResults('abc/old', [], 1) // a run from before the workspace mounted
  const client = createQueryClient()
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  const { unmount } = renderHook(() => useRefreshHistoryAfterRuns('abc'), { wrapper })
  await settle()
  expect(invalidate).not.toHaveBeenCalled()

  setSnippetSql('abc/new', 'select 1') // typing is not a run
  setSnippetResults('xyz/new', [], 1) // another project's run
  await settle()
  expect(invalidate).not.toHaveBeenCalled()

  setSnippetResults('abc/new', [], 1)
  await settle()
  expect(invalidate).toHaveBeenCalledTimes(1)
  expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['query-history', 'abc'] })

  setSnippetError('abc/new', { message: 'syntax error' }, 1) // failed runs are recorded too
  await settle()
  expect(invalidate).toHaveBeenCalledTimes(2)

  unmount()
  setSnippetResults('abc/new', [], 1)
  await settle()
  expect(invalidate).toHaveBeenCalledTimes(2)
})
