// @vitest-environment happy-dom
/**
 * Docs search in a command list against an MSW-mocked docs backend (the one /api/config names):
 * each state of SPEC §4 as the user sees it, results of the previous search kept while the next
 * loads, late answers of an older search ignored, the two sources merged without duplicates,
 * invalid results left out (SPEC §5), the errors of SPEC §8, and opening a page or a section.
 */
import { vi } from 'vitest'

vi.hoisted(() => {
  // What cmdk uses and jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Element.prototype.scrollIntoView ??= () => undefined
})

import { useState } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { Command } from 'cmdk'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { DocsSearchResults } from './DocsSearchResults'
import { useDocsSearch } from './useDocsSearch'

const DOCS = 'http://docs.example/search'
type Source = 'fullText' | 'semantic'
type Asked = { query: string; answer: (response: Response) => void }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The docs backend: every request waits until the test answers it. */
function docsBackend() {
  const asked: Record<Source, Asked[]> = { fullText: [], semantic: [] }
  const headers: Record<Source, Headers[]> = { fullText: [], semantic: [] }
  const pending = (source: Source) => async ({ request }: { request: Request }) => {
    headers[source].push(request.headers)
    const { query } = (await request.json()) as { query: string }
    return new Promise<Response>((answer) => asked[source].push({ query, answer }))
  }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false, docsSearchUrl: DOCS })),
    http.post(`${DOCS}/rest/v1/rpc/docs_search_fts`, pending('fullText')),
    http.post(`${DOCS}/functions/v1/search-embeddings`, pending('semantic'))
  )
  /** The request of `source` for `query`, once it has arrived. */
  const request = async (source: Source, query: string) => {
    let found: Asked | undefined
    await waitFor(() => {
      found = asked[source].find((a) => a.query === query)
      expect(found).toBeDefined()
    })
    return found!
  }
  return {
    asked,
    headers,
    answer: async (source: Source, query: string, body: JsonBodyType, init?: ResponseInit) => (await request(source, query)).answer(HttpResponse.json(body, init)),
    fail: async (source: Source, query: string) => (await request(source, query)).answer(HttpResponse.error()),
  }
}

const page = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  path: `/docs/${id}`,
  type: 'markdown',
  title: `Page ${id}`,
  subtitle: null,
  description: `About ${id}`,
  headings: [],
  slugs: [],
  ...extra,
})

function Harness({ onOpen }: { onOpen: (href: string) => void }) {
  const { state, search } = useDocsSearch()
  const [value, setValue] = useState('')
  return (
    <Command label="Search">
      <Command.Input
        value={value}
        onValueChange={(next) => {
          setValue(next)
          search(next)
        }}
      />
      <Command.List>
        <DocsSearchResults state={state} onOpen={onOpen} />
      </Command.List>
    </Command>
  )
}

function setup() {
  const onOpen = vi.fn()
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onOpen={onOpen} />
    </QueryClientProvider>
  )
  const input = () => screen.getByRole('combobox')
  const titles = () => screen.queryAllByRole('option').map((o) => o.textContent)
  return { user, onOpen, input, titles }
}

it('shows nothing before a search, then "Searching the docs…" while both sources are out', async () => {
  const backend = docsBackend()
  const { user, input } = setup()
  expect(screen.queryByText('Docs')).not.toBeInTheDocument()
  await user.type(input(), 'auth')
  expect(await screen.findByText('Searching the docs…')).toBeVisible()
  await backend.answer('fullText', 'auth', [])
  expect(screen.getByText('Searching the docs…')).toBeVisible()
})

it('shows partial results as soon as one source answers, then all of them, each page once', async () => {
  const backend = docsBackend()
  const { user, input, titles } = setup()
  await user.type(input(), 'auth')
  await backend.answer('semantic', 'auth', [page('a'), page('b')])
  expect(await screen.findByRole('option', { name: /Page a/ })).toBeInTheDocument()
  expect(screen.getByText('Searching the docs…')).toBeVisible() // partial: the other source is still out
  await backend.answer('fullText', 'auth', [page('b'), page('c')])
  await waitFor(() => expect(titles()).toEqual(['Page aAbout a', 'Page bAbout b', 'Page cAbout c']))
  expect(screen.queryByText('Searching the docs…')).not.toBeInTheDocument()
  expect(screen.getByRole('status')).toHaveTextContent('3 docs pages found')
})

it('sends the trimmed query to the docs backend the server names, without a bearer token', async () => {
  const backend = docsBackend()
  const { user, input } = setup()
  await user.type(input(), '  sign in ')
  await backend.answer('fullText', 'sign in', [])
  await backend.answer('semantic', 'sign in', [])
  expect(backend.headers.fullText[0].get('authorization')).toBeNull()
  expect(backend.headers.fullText[0].get('x-request-id')).toBeTruthy()
})

it('says so when neither source finds anything', async () => {
  const backend = docsBackend()
  const { user, input } = setup()
  await user.type(input(), 'xylophone')
  await backend.answer('fullText', 'xylophone', [])
  await backend.answer('semantic', 'xylophone', [])
  expect(await screen.findByText('No docs match “xylophone”')).toBeVisible()
})

it('keeps the previous results on screen while the next search loads', async () => {
  const backend = docsBackend()
  const { user, input } = setup()
  await user.type(input(), 'auth')
  await backend.answer('fullText', 'auth', [page('a')])
  await backend.answer('semantic', 'auth', [])
  expect(await screen.findByRole('option', { name: /Page a/ })).toBeInTheDocument()
  await user.type(input(), ' tokens')
  await waitFor(() => expect(backend.asked.fullText.map((a) => a.query)).toContain('auth tokens'))
  expect(screen.getByText('Searching the docs…')).toBeVisible()
  expect(screen.getByRole('option', { name: /Page a/ })).toBeInTheDocument()
  await backend.answer('fullText', 'auth tokens', [page('t')])
  expect(await screen.findByRole('option', { name: /Page t/ })).toBeInTheDocument()
  expect(screen.queryByRole('option', { name: /Page a/ })).not.toBeInTheDocument()
})

it('ignores the answers of an older search that arrive late', async () => {
  const backend = docsBackend()
  const { user, input } = setup()
  await user.type(input(), 'first')
  await waitFor(() => expect(backend.asked.semantic.map((a) => a.query)).toContain('first'))
  await user.clear(input())
  await user.type(input(), 'second')
  await backend.answer('fullText', 'second', [page('new')])
  await backend.answer('semantic', 'second', [])
  expect(await screen.findByRole('option', { name: /Page new/ })).toBeInTheDocument()
  await backend.answer('fullText', 'first', [page('old')])
  await backend.answer('semantic', 'first', [page('older')])
  await user.click(input()) // lets whatever arrived be handled
  expect(screen.queryByRole('option', { name: /Page old/ })).not.toBeInTheDocument()
  expect(screen.getAllByRole('option')).toHaveLength(1)
})

it('leaves out results without an id, path, type or title, or whose headings and slugs differ', async () => {
  const backend = docsBackend()
  const { user, input, titles } = setup()
  await user.type(input(), 'auth')
  await backend.answer('fullText', 'auth', [page('ok'), { ...page('x'), title: undefined }, { ...page('y'), path: null }, page('z', { headings: ['A'], slugs: [] })])
  await backend.answer('semantic', 'auth', [{ ...page('w'), id: undefined }, { ...page('v'), type: '' }])
  await waitFor(() => expect(screen.queryByText('Searching the docs…')).not.toBeInTheDocument())
  expect(titles()).toEqual(['Page okAbout ok'])
})

it.each<[string, (backend: ReturnType<typeof docsBackend>) => Promise<void>, string]>([
  [
    "the server's message when full-text search answers with an error",
    async (b) => {
      await b.answer('fullText', 'auth', { code: 429, message: 'Request rate limit reached' }, { status: 429 })
      await b.answer('semantic', 'auth', [])
    },
    'Docs search failed: Request rate limit reached',
  ],
  [
    "the server's message when full-text search answers something that is not a list",
    async (b) => {
      await b.answer('fullText', 'auth', { message: 'relation "page" does not exist' })
      await b.answer('semantic', 'auth', [])
    },
    'Docs search failed: relation "page" does not exist',
  ],
  [
    'the semantic source\'s "didn\'t get expected results array"',
    async (b) => {
      await b.answer('semantic', 'auth', { results: [] })
      await b.answer('fullText', 'auth', [])
    },
    "Docs search failed: didn't get expected results array",
  ],
  [
    'a plain error when the network fails (no message)',
    async (b) => {
      await b.fail('fullText', 'auth')
      await b.answer('semantic', 'auth', [])
    },
    'Docs search failed. Try again in a moment.',
  ],
])('shows the error with %s, once both sources answered without results', async (_, answer, text) => {
  const backend = docsBackend()
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const { user, input } = setup()
    await user.type(input(), 'auth')
    await answer(backend)
    expect(await screen.findByText(text)).toBeVisible()
  } finally {
    errors.mockRestore()
  }
})

it('logs a network failure, and shows no error when the other source finds something', async () => {
  const backend = docsBackend()
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const { user, input } = setup()
    await user.type(input(), 'auth')
    await backend.fail('fullText', 'auth')
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Error fetching full text search results', expect.anything()))
    await backend.answer('semantic', 'auth', [page('a')])
    expect(await screen.findByRole('option', { name: /Page a/ })).toBeInTheDocument()
    expect(screen.queryByText(/Docs search failed/)).not.toBeInTheDocument()
  } finally {
    errors.mockRestore()
  }
})

it('opens a page or one of its sections, by click or with the keyboard', async () => {
  const backend = docsBackend()
  const { user, input, onOpen } = setup()
  await user.type(input(), 'auth')
  await backend.answer('fullText', 'auth', [page('auth', { headings: ['Sessions', 'Sign-in'], slugs: ['sessions', 'sign-in'] })])
  await backend.answer('semantic', 'auth', [])
  // The list is there while the answers are still on their way: wait for the option itself.
  const list = await screen.findByRole('listbox')
  await user.click(await within(list).findByRole('option', { name: /Sessions/ }))
  expect(onOpen).toHaveBeenLastCalledWith('/docs/auth#sessions')
  await user.click(input())
  await user.keyboard('{Home}{Enter}')
  expect(onOpen).toHaveBeenLastCalledWith('/docs/auth')
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
  expect(onOpen).toHaveBeenLastCalledWith('/docs/auth#sign-in')
})
