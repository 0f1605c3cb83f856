// @vitest-environment happy-dom
/**
 * The command menu against an MSW-mocked platform: meta+k (ctrl+k off a Mac) and the app store
 * open it; its sections; choosing a page, a project, a snippet, a theme, a preview or a docs
 * result does it and closes the menu; a completed route change and Escape close it.
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
  // What next-themes asks about the system theme.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList
})

import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { ThemeProvider } from 'next-themes'
import { createQueryClient } from '@/data/query-client'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { featurePreviewsState } from '@/state/feature-previews'
import { THEMES } from '@/components/ui'
import { CommandMenu, commandMenuDialog } from './CommandMenu'
import { withRouter } from '@/tests/helpers/router'

const router = (() => {
  type Listener = (url?: string, options?: { shallow: boolean }) => void
  const listeners = new Map<string, Set<Listener>>()
  return {
    pathname: '/project/[ref]/sql/[id]',
    query: { ref: 'abc', id: 'new' } as Record<string, string>,
    push: vi.fn(async () => true),
    events: {
      on: (event: string, fn: Listener) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(fn),
      off: (event: string, fn: Listener) => void listeners.get(event)?.delete(fn),
      emit: (event: string, url = '/elsewhere', options = { shallow: false }) => listeners.get(event)?.forEach((fn) => fn(url, options)),
    },
  }
})()

const SNIPPET = '5f0c0000-0000-4000-8000-000000000001'

const server = setupServer(
  http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
  http.get('*/api/platform/projects', () =>
    HttpResponse.json([
      { ref: 'abc', name: 'Shop', organization_id: 7, organization_slug: 'acme', status: 'ACTIVE_HEALTHY' },
      { ref: 'xyz', name: 'Blog', organization_id: 8, organization_slug: 'other', status: 'ACTIVE_HEALTHY' },
    ])
  ),
  http.get('*/api/platform/organizations', () =>
    HttpResponse.json([
      { id: 7, name: 'Acme', slug: 'acme' },
      { id: 8, name: 'Other Org', slug: 'other' },
    ])
  ),
  http.get('*/api/platform/projects/abc/content', () =>
    HttpResponse.json({ data: [{ id: SNIPPET, name: 'Monthly revenue', type: 'sql' }], cursor: null, last_visited_id: null })
  ),
  http.post('*/api/docs/rest/v1/rpc/docs_search_fts', () =>
    HttpResponse.json([{ id: 'p', path: '/docs/passkeys', type: 'markdown', title: 'Passkeys', subtitle: null, description: 'Sign in with a passkey', headings: ['Adding a passkey'], slugs: ['adding-a-passkey'] }])
  ),
  http.post('*/api/docs/functions/v1/search-embeddings', () => HttpResponse.json([]))
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  appState.reset()
  router.push.mockClear()
  router.query = { ref: 'abc', id: 'new' }
  featurePreviewsState.enabled = {}
  window.localStorage.clear()
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
// The dialog is downloaded on first opening in the app; here it is there from the start.
beforeAll(() => commandMenuDialog.preload())

function setup() {
  const user = userEvent.setup()
  render(
    withRouter(
      router,
      <ThemeProvider attribute="class" themes={[...THEMES]} defaultTheme="system" enableSystem>
        <QueryClientProvider client={createQueryClient()}>
          <button type="button">Somewhere on the page</button>
          <CommandMenu />
        </QueryClientProvider>
      </ThemeProvider>
    )
  )
  const menu = () => screen.getByRole('dialog', { name: 'Command menu' })
  const open = async () => {
    // valtio tells its subscribers after a microtask.
    await act(async () => {
      appState.showCommandMenu = true
    })
    return menu()
  }
  const group = (name: string) => screen.getByText(name, { selector: '[cmdk-group-heading]' }).closest('[cmdk-group]') as HTMLElement
  return { user, menu, open, group }
}

it('opens with ctrl+k off a Mac and closes with it again; k alone does nothing', async () => {
  const { user, menu } = setup()
  await user.keyboard('k')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.keyboard('{Control>}k{/Control}')
  expect(menu()).toBeInTheDocument()
  expect(appState.showCommandMenu).toBe(true)
  expect(within(menu()).getByRole('combobox')).toHaveFocus()
  await user.keyboard('{Control>}k{/Control}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('opens even from a focused element that keeps ctrl+k to itself (the SQL editor)', async () => {
  setup()
  const editor = document.createElement('textarea')
  // Like Monaco: the editor's own handler takes the key and stops it there.
  editor.addEventListener('keydown', (event) => event.stopPropagation())
  document.body.appendChild(editor)
  editor.focus()
  act(() => {
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }))
  })
  expect(await screen.findByRole('dialog', { name: 'Command menu' })).toBeInTheDocument()
  editor.remove()
})

it('opens with meta+k on a Mac', async () => {
  const platform = vi.spyOn(window.navigator, 'platform', 'get').mockReturnValue('MacIntel')
  try {
    const { user, menu } = setup()
    await user.keyboard('{Control>}k{/Control}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.keyboard('{Meta>}k{/Meta}')
    expect(menu()).toBeInTheDocument()
  } finally {
    platform.mockRestore()
  }
})

it('opens when the app store asks for it, and closes when a route change completes', async () => {
  const { open } = setup()
  expect(await open()).toBeInTheDocument()
  await act(async () => router.events.emit('routeChangeStart'))
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  // A shallow change of the same page (a new snippet getting its id in the URL) is not leaving it.
  await act(async () => router.events.emit('routeChangeComplete', '/project/abc/sql/1', { shallow: true }))
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  await act(async () => router.events.emit('routeChangeComplete'))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(appState.showCommandMenu).toBe(false)
})

it('stays open when opened while a navigation was under way: it was opened for the page that is coming', async () => {
  const { open } = setup()
  await act(async () => router.events.emit('routeChangeStart', '/project/abc/sql/templates', { shallow: false }))
  expect(await open()).toBeInTheDocument()
  await act(async () => router.events.emit('routeChangeComplete', '/project/abc/sql/templates', { shallow: false }))
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  // The next navigation, begun with the menu open, closes it again.
  await act(async () => router.events.emit('routeChangeStart', '/projects', { shallow: false }))
  await act(async () => router.events.emit('routeChangeComplete', '/projects', { shallow: false }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('closes on Escape and on a click outside', async () => {
  const { user, open } = setup()
  await open()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await open()
  await user.click(screen.getByTestId('command-menu-backdrop'))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('has the sections of SPEC §3, each with its id', async () => {
  const { open, group } = setup()
  await open()
  await screen.findByRole('option', { name: /Monthly revenue/ })
  await screen.findByRole('option', { name: /Other Org/ })
  for (const [name, id] of [
    ['Navigation', 'navigation'],
    ['Snippets', 'snippets'],
    ['Projects', 'projects'],
    ['Organizations', 'organizations'],
    ['Feature previews', 'feature-previews'],
    ['Theme', 'theme'],
  ])
    expect(group(name)).toHaveAttribute('data-section-id', id)
  expect(within(group('Navigation')).getByRole('option', { name: 'Organization billing' })).toBeInTheDocument()
  expect(within(group('Projects')).getByRole('option', { name: /Shop/ })).toHaveTextContent('current')
  expect(within(group('Theme')).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Use system themecurrent',
    'Use light theme',
    'Use dark theme',
    'Use classic dark theme',
  ])
})

it.each([
  ['a page of the current project', 'SQL templates', '/project/abc/sql/templates'],
  ["a page of the current project's organization", 'Organization team', '/org/acme/team'],
  ['a project', 'Blog', '/project/xyz'],
  ['an organization', 'Other Org', '/org/other'],
  ['a snippet of the current project', 'Monthly revenue', `/project/abc/sql/${SNIPPET}`],
])('goes to %s and closes', async (_, name, path) => {
  const { user, open } = setup()
  await open()
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }))
  expect(router.push).toHaveBeenCalledWith(path)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('filters the commands as one types, and runs the selected one on Enter', async () => {
  const { user, open } = setup()
  await open()
  await user.keyboard('billing')
  await waitFor(() => expect(screen.getAllByRole('option', { selected: true })[0]).toHaveTextContent('Organization billing'))
  expect(screen.queryByRole('option', { name: 'SQL Editor' })).not.toBeInTheDocument()
  await user.keyboard('{Enter}')
  expect(router.push).toHaveBeenCalledWith('/org/acme/billing')
})

it('ranks a page named by what was typed above one that only has it as a keyword', async () => {
  const { user, open } = setup()
  await open()
  await user.keyboard('table')
  await waitFor(() => expect(screen.getAllByRole('option', { selected: true })[0]).toHaveTextContent('Table editor'))
  const names = screen.getAllByRole('option').map((option) => option.textContent)
  expect(names.indexOf('Table editor')).toBeLessThan(names.indexOf('Foreign data wrappers'))
  await user.keyboard('{Enter}')
  expect(router.push).toHaveBeenCalledWith('/project/abc/editor')
})

it('offers no project pages outside a project', async () => {
  router.query = {}
  const { open, group } = setup()
  await open()
  expect(within(group('Navigation')).queryByRole('option', { name: 'SQL Editor' })).not.toBeInTheDocument()
  expect(within(group('Navigation')).getByRole('option', { name: 'All projects' })).toBeInTheDocument()
  expect(screen.queryByText('Snippets', { selector: '[cmdk-group-heading]' })).not.toBeInTheDocument()
})

it('switches the theme', async () => {
  const { user, open } = setup()
  await open()
  await user.click(screen.getByRole('option', { name: 'Use dark theme' }))
  await waitFor(() => expect(document.documentElement).toHaveClass('dark'))
  expect(window.localStorage.getItem('theme')).toBe('dark')
})

it('toggles a feature preview, and opens the feature previews modal', async () => {
  const { user, open } = setup()
  await open()
  await user.click(screen.getByRole('option', { name: /Enable preview: Column-level privileges/ }))
  expect(featurePreviewsState.enabled[FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES]).toBe(true)
  expect(window.localStorage.getItem(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES)).toBe('true')
  await open()
  expect(screen.getByRole('option', { name: /Disable preview: Column-level privileges/ })).toBeInTheDocument()
  await user.click(screen.getByRole('option', { name: /Manage feature previews/ }))
  expect(appState.showFeaturePreviewModal).toBe(true)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('searches the docs as one types, and opens a result', async () => {
  const { user, open, group } = setup()
  await open()
  await user.keyboard('passkey')
  const section = await within(await waitFor(() => group('Docs'))).findByRole('option', { name: /Adding a passkey/ })
  await user.click(section)
  expect(router.push).toHaveBeenCalledWith('/docs/passkeys#adding-a-passkey')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('starts afresh each time it opens', async () => {
  const { user, open } = setup()
  await open()
  await user.keyboard('billing')
  await user.keyboard('{Escape}')
  const menu = await open()
  expect(within(menu).getByRole('combobox')).toHaveValue('')
})
