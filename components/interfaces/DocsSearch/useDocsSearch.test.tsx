// @vitest-environment happy-dom
/**
 * The hook's timing, with fake timers and the two sources replaced: a search starts 150 ms after
 * the last keystroke, asks both sources once with the trimmed query and the configured docs
 * backend, gives up the previous search's requests, and resets on an empty query.
 */
import { act, renderHook } from '@testing-library/react'
import type { DocsSearchResult } from '@/data/docs-search/docs-search-results'
import type { DocsSearchVariables } from '@/data/docs-search/docs-search-query'

const sources = vi.hoisted(() => ({
  calls: [] as { source: string; variables: DocsSearchVariables; signal: AbortSignal; resolve: (r: DocsSearchResult[]) => void; reject: (e: unknown) => void }[],
}))

vi.mock('@/data/config/config-query', () => ({ useRuntimeConfigQuery: () => ({ data: { docsSearchUrl: 'https://docs.example/api' } }) }))
vi.mock('@/data/docs-search/docs-search-query', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/data/docs-search/docs-search-query')>()
  const fake = (source: string) => (variables: DocsSearchVariables, signal: AbortSignal) =>
    new Promise<DocsSearchResult[]>((resolve, reject) => sources.calls.push({ source, variables, signal, resolve, reject }))
  return { ...actual, searchDocsFullText: fake('fullText'), searchDocsSemantic: fake('semantic') }
})

const { useDocsSearch } = await import('./useDocsSearch')
const { DocsSearchError } = await import('@/data/docs-search/docs-search-query')

const result = (id: string): DocsSearchResult => ({ id, path: `/docs/${id}`, type: 'markdown', title: id, subtitle: null, description: null, sections: [] })

beforeEach(() => {
  vi.useFakeTimers()
  sources.calls = []
})
afterEach(() => vi.useRealTimers())

it('waits 150 ms after the last keystroke, then asks both sources once with the trimmed query', () => {
  const { result: hook } = renderHook(() => useDocsSearch())
  act(() => hook.current.search('p'))
  act(() => void vi.advanceTimersByTime(100))
  act(() => hook.current.search('pass '))
  act(() => void vi.advanceTimersByTime(149))
  expect(sources.calls).toHaveLength(0)
  expect(hook.current.state.status).toBe('initial')
  act(() => void vi.advanceTimersByTime(1))
  expect(sources.calls.map((c) => [c.source, c.variables])).toEqual([
    ['fullText', { query: 'pass', docsSearchUrl: 'https://docs.example/api' }],
    ['semantic', { query: 'pass', docsSearchUrl: 'https://docs.example/api' }],
  ])
  expect(hook.current.state).toMatchObject({ status: 'loading', search: { query: 'pass' } })
})

it('gives up the previous search when a new one is typed, and resets on an empty query', () => {
  const { result: hook } = renderHook(() => useDocsSearch())
  act(() => hook.current.search('first'))
  act(() => void vi.advanceTimersByTime(150))
  const first = sources.calls.map((c) => c.signal)
  act(() => hook.current.search('second'))
  expect(first.every((s) => s.aborted)).toBe(true)
  act(() => hook.current.search('  '))
  expect(hook.current.state.status).toBe('initial')
  act(() => void vi.advanceTimersByTime(1000))
  expect(sources.calls).toHaveLength(2) // the second was never sent
})

it('feeds answers to the state machine: partial, then full results', async () => {
  const { result: hook } = renderHook(() => useDocsSearch())
  act(() => hook.current.search('auth'))
  act(() => void vi.advanceTimersByTime(150))
  await act(async () => sources.calls[1].resolve([result('b')]))
  expect(hook.current.state.status).toBe('partialResults')
  await act(async () => sources.calls[0].resolve([result('a'), result('b')]))
  expect(hook.current.state).toMatchObject({ status: 'fullResults', results: [{ id: 'b' }, { id: 'a' }] })
})

it('turns failures into the error state with their message, once both answered without results', async () => {
  const { result: hook } = renderHook(() => useDocsSearch())
  act(() => hook.current.search('auth'))
  act(() => void vi.advanceTimersByTime(150))
  await act(async () => sources.calls[0].reject(new DocsSearchError('Rate limit reached')))
  expect(hook.current.state.status).toBe('loading')
  await act(async () => sources.calls[1].resolve([]))
  expect(hook.current.state).toMatchObject({ status: 'error', message: 'Rate limit reached' })
})

it('stops everything when unmounted', () => {
  const { result: hook, unmount } = renderHook(() => useDocsSearch())
  act(() => hook.current.search('auth'))
  act(() => void vi.advanceTimersByTime(150))
  act(() => hook.current.search('auth more'))
  unmount()
  act(() => void vi.advanceTimersByTime(1000))
  expect(sources.calls).toHaveLength(2)
  expect(sources.calls.every((c) => c.signal.aborted)).toBe(true)
})
