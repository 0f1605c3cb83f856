// @vitest-environment happy-dom
/**
 * The snippets sidebar against an MSW-mocked content API: sections, search on the server, more
 * pages, rename in place, favorite, delete after confirming, and the loading, empty and error states.
 */
import { vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Content, type ContentListItem, type OrganizationRole } from '@/lib/api-types'
import { contentListItem } from '@/tests/fixtures/content'
import { withRouter } from '@/tests/helpers/router'

const router = { query: {}, push: vi.fn(async () => true), replace: vi.fn(async () => true) }

const { SnippetSidebar } = await import('./SnippetSidebar')

const BASE = '*/api/platform/projects/abc/content'
const uuid = (n: number) => `5f0c0000-0000-4000-8000-${String(n).padStart(12, '0')}`

function item(n: number, over: Partial<ContentListItem> = {}): ContentListItem {
  return contentListItem({ id: uuid(n), name: `Snippet ${n}`, version: 2, preview: `select ${n}`, sql_length: 8, ...over })
}
const whole = (i: ContentListItem): Content => {
  const { preview, sql_length: _, ...rest } = i
  return { ...rest, content: { sql: preview } }
}

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function platform({ items = [] as ContentListItem[], role = 'Developer' as OrganizationRole, pages = null as ContentListItem[][] | null } = {}) {
  const seen = { searches: [] as (string | null)[], puts: [] as Record<string, unknown>[], deletes: [] as string[], favorites: [] as unknown[] }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/profile', () => HttpResponse.json({ id: 1, username: 'ada' })),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.get(`${BASE}/folders`, () => HttpResponse.json({ data: [{ id: uuid(900), name: 'Reports', inserted_at: '', updated_at: '' }] })),
    http.get(BASE, ({ request }) => {
      const url = new URL(request.url)
      const search = url.searchParams.get('search')
      seen.searches.push(search)
      if (pages) {
        const index = Number(url.searchParams.get('cursor') ?? 0)
        return HttpResponse.json({ data: pages[index], cursor: index + 1 < pages.length ? String(index + 1) : null, last_visited_id: null })
      }
      const data = search ? items.filter((i) => i.name.toLowerCase().includes(search.toLowerCase())) : items
      return HttpResponse.json({ data, cursor: null, last_visited_id: null })
    }),
    http.get(`${BASE}/:id`, ({ params }) => {
      const found = items.find((i) => i.id === params.id)
      return found ? HttpResponse.json(whole(found)) : HttpResponse.json({ message: 'This snippet does not exist' }, { status: 404 })
    }),
    http.put(`${BASE}/:id/favorite`, async ({ params, request }) => {
      const body = (await request.json()) as { favorite: boolean }
      seen.favorites.push([params.id, body.favorite])
      const found = items.find((i) => i.id === params.id)!
      found.favorite = body.favorite
      return HttpResponse.json(whole(found))
    }),
    http.put(BASE, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      seen.puts.push(body)
      const found = items.find((i) => i.id === body.id)!
      Object.assign(found, { name: body.name, version: found.version + 1 })
      return HttpResponse.json(whole(found))
    }),
    http.delete(BASE, ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids')!.split(',')
      seen.deletes.push(...ids)
      items = items.filter((i) => !ids.includes(i.id))
      return HttpResponse.json({ deleted: ids })
    })
  )
  return seen
}

function show(activeId?: string) {
  return render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <SnippetSidebar projectRef="abc" activeId={activeId} />
      </QueryClientProvider>
    )
  )
}

const section = (name: string) => screen.getByRole('region', { name })

it('lists favorites, shared and own snippets (with folders) as links', async () => {
  platform({
    items: [
      item(1, { favorite: true }),
      item(2, { visibility: 'project', owner: { id: 2, username: 'bob' } }),
      item(3, { folder_id: uuid(900) }),
      item(4),
    ],
  })
  show(uuid(4))
  expect(await screen.findByRole('link', { name: 'Snippet 1' })).toHaveAttribute('href', `/project/abc/sql/${uuid(1)}`)
  expect(within(section('Favorites')).getByRole('link', { name: 'Snippet 1' })).toBeInTheDocument()
  expect(within(section('Shared with the project')).getByRole('link', { name: /Snippet 2/ })).toBeInTheDocument()
  const mine = section('My snippets')
  expect(within(mine).getByRole('button', { name: /^Reports/ })).toHaveAttribute('aria-expanded', 'true')
  expect(within(mine).getByRole('link', { name: 'Snippet 3' })).toBeInTheDocument()
  expect(within(mine).getByRole('link', { name: 'Snippet 4' })).toHaveAttribute('aria-current', 'page')
})

it('searches on the server', async () => {
  const user = userEvent.setup()
  const seen = platform({ items: [item(1, { name: 'Active users' }), item(2, { name: 'Orders' })] })
  show()
  await screen.findByRole('link', { name: 'Orders' })
  await user.type(screen.getByRole('searchbox', { name: 'Search snippets' }), 'active')
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument())
  expect(within(await screen.findByRole('region', { name: 'Results' })).getByRole('link', { name: 'Active users' })).toBeInTheDocument()
  expect(seen.searches).toContain('active')
  await user.clear(screen.getByRole('searchbox'))
  await user.type(screen.getByRole('searchbox'), 'nothing like it')
  expect(await screen.findByText('No snippets match “nothing like it”')).toBeInTheDocument()
})

it('loads more pages', async () => {
  const user = userEvent.setup()
  platform({ pages: [[item(1)], [item(2)]] })
  show()
  await screen.findByRole('link', { name: 'Snippet 1' })
  await user.click(screen.getByRole('button', { name: 'Load more' }))
  expect(await screen.findByRole('link', { name: 'Snippet 2' })).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument())
})

it('renames in place: reads the snippet, saves it back on its version with the new name', async () => {
  const user = userEvent.setup()
  const seen = platform({ items: [item(1)] })
  show()
  await user.click(await screen.findByRole('button', { name: 'Actions for Snippet 1' }))
  await user.click(screen.getByRole('button', { name: 'Rename' }))
  const input = screen.getByRole('textbox', { name: 'New name for Snippet 1' })
  await user.clear(input)
  await user.type(input, 'Weekly report{Enter}')
  expect(await screen.findByRole('link', { name: 'Weekly report' })).toBeInTheDocument()
  expect(seen.puts).toEqual([
    { id: uuid(1), name: 'Weekly report', type: 'sql', visibility: 'user', content: { sql: 'select 1' }, base_version: 2 },
  ])
})

it('stars and unstars', async () => {
  const user = userEvent.setup()
  const seen = platform({ items: [item(1)] })
  show()
  await user.click(await screen.findByRole('button', { name: 'Add Snippet 1 to favorites' }))
  expect(await screen.findByRole('region', { name: 'Favorites' })).toBeInTheDocument()
  expect(seen.favorites).toEqual([[uuid(1), true]])
  await user.click(screen.getByRole('button', { name: 'Remove Snippet 1 from favorites' }))
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Favorites' })).not.toBeInTheDocument())
})

it('deletes after confirming, and leaves an open snippet that was deleted', async () => {
  const user = userEvent.setup()
  const seen = platform({ items: [item(1), item(2)] })
  show(uuid(1))
  await user.click(await screen.findByRole('button', { name: 'Actions for Snippet 1' }))
  await user.click(screen.getByRole('button', { name: 'Delete' }))
  const dialog = screen.getByRole('dialog', { name: 'Delete this snippet?' })
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(seen.deletes).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Actions for Snippet 1' }))
  await user.click(screen.getByRole('button', { name: 'Delete' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete snippet' }))
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Snippet 1' })).not.toBeInTheDocument())
  expect(seen.deletes).toEqual([uuid(1)])
  expect(router.push).toHaveBeenCalledWith('/project/abc/sql/new')
})

it("hides what a Read-only member cannot do with another member's shared snippet", async () => {
  const user = userEvent.setup()
  platform({ role: 'Read-only', items: [item(1, { visibility: 'project', owner: { id: 2, username: 'bob' } }), item(2)] })
  show()
  await screen.findByRole('link', { name: /Snippet 1/ })
  expect(screen.queryByRole('button', { name: 'Actions for Snippet 1' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Add Snippet 1 to favorites' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Actions for Snippet 2' }))
  expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Share with the project' })).not.toBeInTheDocument()
})

it('says when there are no snippets yet', async () => {
  platform()
  server.use(http.get(`${BASE}/folders`, () => HttpResponse.json({ data: [] })))
  show()
  expect(await screen.findByText('No saved snippets yet')).toBeInTheDocument()
  for (const link of screen.getAllByRole('link', { name: 'New snippet' })) expect(link).toHaveAttribute('href', '/project/abc/sql/new')
})

it('says when the list cannot be loaded, and tries again', async () => {
  const user = userEvent.setup()
  platform({ items: [item(1)] })
  let fail = true
  server.use(
    http.get(BASE, () =>
      fail
        ? HttpResponse.json({ message: 'Not today' }, { status: 400 })
        : HttpResponse.json({ data: [item(1)], cursor: null, last_visited_id: null })
    )
  )
  show()
  expect(await screen.findByText('Could not load snippets')).toBeInTheDocument()
  fail = false
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('link', { name: 'Snippet 1' })).toBeInTheDocument()
})
