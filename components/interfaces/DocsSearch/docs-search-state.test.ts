import type { DocsSearchResult } from '@/data/docs-search/docs-search-results'
import { docsSearchReducer, initialDocsSearchState, mergeResults, shownResults, type DocsSearchEvent, type DocsSearchState } from './docs-search-state'

const result = (id: string): DocsSearchResult => ({ id, path: `/docs/${id}`, type: 'markdown', title: id, subtitle: null, description: null, sections: [] })
const A = result('a')
const B = result('b')
const C = result('c')

const search = (searchId: number, query = `q${searchId}`): DocsSearchEvent => ({ type: 'newSearchDispatched', searchId, query })
const fullText = (searchId: number, ...results: DocsSearchResult[]): DocsSearchEvent => ({ type: 'resultsReturned', searchId, sourceId: 'fullText', results })
const semantic = (searchId: number, ...results: DocsSearchResult[]): DocsSearchEvent => ({ type: 'resultsReturned', searchId, sourceId: 'semantic', results })
const failed = (searchId: number, sourceId: 'fullText' | 'semantic', message: string): DocsSearchEvent => ({ type: 'errored', searchId, sourceId, message })

const run = (...events: DocsSearchEvent[]): DocsSearchState => events.reduce(docsSearchReducer, initialDocsSearchState)
const summary = (state: DocsSearchState) => ({
  status: state.status,
  shown: shownResults(state).map((r) => r.id),
  ...(state.status === 'error' ? { message: state.message } : {}),
})

describe('docsSearchReducer', () => {
  it.each<[string, DocsSearchEvent[], ReturnType<typeof summary>]>([
    ['nothing asked', [], { status: 'initial', shown: [] }],
    ['a search under way', [search(1)], { status: 'loading', shown: [] }],
    ['one source with results', [search(1), fullText(1, A)], { status: 'partialResults', shown: ['a'] }],
    ['the other source first', [search(1), semantic(1, B)], { status: 'partialResults', shown: ['b'] }],
    ['both sources, merged in arrival order', [search(1), semantic(1, B), fullText(1, A)], { status: 'fullResults', shown: ['b', 'a'] }],
    ['both sources, each id once', [search(1), fullText(1, A, B), semantic(1, B, C, A)], { status: 'fullResults', shown: ['a', 'b', 'c'] }],
    ['one source without results keeps loading', [search(1), fullText(1)], { status: 'loading', shown: [] }],
    ['both without results', [search(1), fullText(1), semantic(1)], { status: 'noResults', shown: [] }],
    ['a failure while the other is out: still loading', [search(1), failed(1, 'fullText', 'down')], { status: 'loading', shown: [] }],
    ['a failure, the other with results: no error', [search(1), failed(1, 'fullText', 'down'), semantic(1, A)], { status: 'fullResults', shown: ['a'] }],
    ['results, then the other fails: still the results', [search(1), semantic(1, A), failed(1, 'fullText', 'down')], { status: 'fullResults', shown: ['a'] }],
    ['a failure and no results from the other', [search(1), failed(1, 'fullText', 'down'), semantic(1)], { status: 'error', shown: [], message: 'down' }],
    ['both failing: the full-text message first', [search(1), failed(1, 'semantic', "didn't get expected results array"), failed(1, 'fullText', 'Rate limit')], { status: 'error', shown: [], message: 'Rate limit' }],
    ['a failure with empty text', [search(1), failed(1, 'fullText', ''), semantic(1)], { status: 'error', shown: [], message: '' }],
    ['an empty message falls back to the other', [search(1), failed(1, 'fullText', ''), failed(1, 'semantic', 'nope')], { status: 'error', shown: [], message: 'nope' }],
    ['a new search keeps the last results while loading', [search(1), fullText(1, A), semantic(1, B), search(2)], { status: 'loading', shown: ['a', 'b'] }],
    ['… and partial results while loading', [search(1), fullText(1, A), search(2)], { status: 'loading', shown: ['a'] }],
    ['… and still the stale ones while the first answer is empty', [search(1), fullText(1, A), search(2), semantic(2)], { status: 'loading', shown: ['a'] }],
    ['… and the stale ones of a search still loading', [search(1), fullText(1, A), search(2), search(3)], { status: 'loading', shown: ['a'] }],
    ['… until the new results replace them', [search(1), fullText(1, A), search(2), semantic(2, C)], { status: 'partialResults', shown: ['c'] }],
    ['answers of an older search are ignored', [search(1), search(2), fullText(1, A), semantic(1, B)], { status: 'loading', shown: [] }],
    ['… also after the new one finished', [search(1), search(2), fullText(2, C), semantic(2), fullText(1, A)], { status: 'fullResults', shown: ['c'] }],
    ['… and so are their failures', [search(1), search(2), failed(1, 'fullText', 'old'), fullText(2), semantic(2)], { status: 'noResults', shown: [] }],
    ['answers before any search are ignored', [fullText(1, A)], { status: 'initial', shown: [] }],
    ['a source answers only once', [search(1), fullText(1), fullText(1, A)], { status: 'loading', shown: [] }],
    ['reset from results', [search(1), fullText(1, A), { type: 'reset' }], { status: 'initial', shown: [] }],
    ['reset while loading, then its answers are ignored', [search(1), { type: 'reset' }, fullText(1, A)], { status: 'initial', shown: [] }],
  ])('%s', (_, events, expected) => {
    expect(summary(run(...events))).toEqual(expected)
  })

  it('keeps the query and id of the latest search', () => {
    const state = run(search(1, 'old'), search(7, 'sign in'), fullText(7, A))
    expect(state).toMatchObject({ status: 'partialResults', search: { searchId: 7, query: 'sign in', answered: ['fullText'] } })
  })

  it('returns the same state for an ignored answer (no re-render)', () => {
    const state = run(search(2))
    expect(docsSearchReducer(state, fullText(1, A))).toBe(state)
  })
})

describe('mergeResults', () => {
  it.each([
    [[], [A], ['a']],
    [[A], [A], ['a']],
    [[A, B], [C, B, C], ['a', 'b', 'c']],
    [[], [A, A], ['a']],
  ])('%j + %j', (results, more, expected) => {
    expect(mergeResults(results as DocsSearchResult[], more as DocsSearchResult[]).map((r) => r.id)).toEqual(expected)
  })

  it('keeps the first copy of a result', () => {
    const other = { ...A, title: 'from the other source' }
    expect(mergeResults([A], [other])[0]).toBe(A)
  })
})
