// @vitest-environment happy-dom
/**
 * The telemetry tracker against an MSW-mocked platform: nothing at all is sent before consent;
 * with consent, page views on first load, on each completed route change and before unload,
 * identify once per user, groups identify and reset as project and organization routes are
 * entered and left (hosted platform only), events and feature flags, and failures only logged.
 */
import { vi, type MockInstance } from 'vitest'

const router = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    pathname: '/projects',
    query: {} as Record<string, string>,
    events: {
      on: (type: string, fn: (...args: unknown[]) => void) => void handlers.set(type, (handlers.get(type) ?? new Set()).add(fn)),
      off: (type: string, fn: (...args: unknown[]) => void) => void handlers.get(type)?.delete(fn),
      emit: (type: string, ...args: unknown[]) => handlers.get(type)?.forEach((fn) => fn(...args)),
    },
  }
})
vi.mock('next/router', () => ({ useRouter: () => router }))

const shell = vi.hoisted(() => ({ userId: undefined as string | undefined, isPlatform: true }))
vi.mock('@/components/auth/AuthProvider', () => ({
  useAuth: () => ({ session: shell.userId ? { user: { id: shell.userId } } : null, isLoading: false, signOut: async () => undefined }),
}))
vi.mock('@/components/layouts/RuntimeConfigGate', () => ({ useIsPlatform: () => shell.isPlatform }))

import { act, render, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { acceptTelemetry } from '@/components/interfaces/Consent/consent-actions'
import { ConsentToast } from '@/components/interfaces/Consent/ConsentToast'
import { forgetEvaluatedFeatureFlags, setTelemetryGroups, setTelemetryPlatform } from '@/data/telemetry/context'
import { trackFeatureFlag } from '@/data/telemetry/feature-flags'
import { sendTelemetryEvent } from '@/data/telemetry/send-event'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { consentState } from '@/state/consent'
import { TelemetryTracker } from './TelemetryTracker'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const ALICE = '6f1c1e0e-2f5b-4a51-9d7a-0c8a1c2b3d4e'
const BOB = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d'

let fetchSpy: MockInstance<typeof fetch>
/** What the dashboard sent, in order: path, body and the fetch options that matter here. */
const sent = () =>
  fetchSpy.mock.calls.map(([url, init]) => ({
    path: new URL(String(url)).pathname.replace('/api/platform/telemetry', ''),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
    keepalive: init?.keepalive ?? false,
  }))
const paths = () => sent().map((s) => s.path)
/** Lets every promise chain started so far run to its end (none waits on a timer). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

function consent(value: 'true' | 'false' | null) {
  if (value === null) window.localStorage.removeItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)
  else window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, value)
  consentState.reset()
}

function goTo(pathname: string, query: Record<string, string>, rerender: () => void) {
  router.pathname = pathname
  router.query = query
  rerender()
  act(() => router.events.emit('routeChangeComplete', pathname))
}

function mount() {
  const view = render(<TelemetryTracker />)
  return { ...view, rerender: () => view.rerender(<TelemetryTracker />) }
}

beforeEach(() => {
  window.localStorage.clear()
  consentState.reset()
  router.pathname = '/projects'
  router.query = {}
  shell.userId = undefined
  shell.isPlatform = true
  setTelemetryGroups({})
  setTelemetryPlatform(false)
  forgetEvaluatedFeatureFlags()
  window.history.pushState({}, '', '/projects')
  server.use(http.post('*/api/platform/telemetry/*', () => new HttpResponse(null, { status: 204 })))
  fetchSpy = vi.spyOn(globalThis, 'fetch')
})
afterEach(() => {
  fetchSpy.mockRestore()
  server.resetHandlers()
})

describe('before consent', () => {
  it.each([null, 'false'] as const)('sends nothing at all with consent %s', async (value) => {
    consent(value)
    shell.userId = ALICE
    router.pathname = '/project/[ref]'
    router.query = { ref: 'abc' }
    const { rerender } = render(
      <>
        <TelemetryTracker />
        <ConsentToast />
      </>
    )
    goTo('/org/[slug]/billing', { slug: 'acme' }, () => rerender(<><TelemetryTracker /><ConsentToast /></>))
    window.dispatchEvent(new Event('beforeunload'))
    sendTelemetryEvent('feature_preview_enabled', { preview: 'x' })
    trackFeatureFlag('newNav', true)
    await settled()
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID)).toBeNull()
  })
})

describe('with consent', () => {
  it('sends a page view on first load, after each route change and before unload (kept alive)', async () => {
    consent('true')
    document.title = 'Projects'
    const { rerender } = mount()
    rerender() // a re-render is not a new page
    await waitFor(() => expect(paths()).toEqual(['/page']))
    const first = sent()[0].body
    expect(first).toMatchObject({ page_url: 'http://localhost:3000/projects', page_title: 'Projects', pathname: '/projects', anonymous_id: expect.any(String) })
    expect(first).not.toHaveProperty('leave')

    window.history.pushState({}, '', '/account/telemetry')
    goTo('/account/telemetry', {}, rerender)
    await waitFor(() => expect(paths()).toEqual(['/page', '/page']))
    expect(sent()[1].body).toMatchObject({ pathname: '/account/telemetry', anonymous_id: first.anonymous_id })

    window.dispatchEvent(new Event('beforeunload'))
    await waitFor(() => expect(paths()).toEqual(['/page', '/page', '/page']))
    expect(sent()[2]).toMatchObject({ body: { pathname: '/account/telemetry', leave: true }, keepalive: true })
  })

  it('identifies each signed-in user once, with the browser’s anonymous id', async () => {
    consent('true')
    shell.userId = ALICE
    const { rerender } = mount()
    rerender()
    await waitFor(() => expect(paths().filter((p) => p === '/identify')).toHaveLength(1))
    const identify = sent().find((s) => s.path === '/identify')!.body
    const page = sent().find((s) => s.path === '/page')!.body
    expect(identify).toEqual({ user_id: ALICE, anonymous_id: page.anonymous_id })

    shell.userId = BOB
    rerender()
    await waitFor(() => expect(sent().filter((s) => s.path === '/identify').map((s) => s.body.user_id)).toEqual([ALICE, BOB]))
  })

  it('identifies and resets groups as project and organization routes are entered and left', async () => {
    consent('true')
    shell.userId = ALICE
    router.pathname = '/project/[ref]/sql/[id]'
    router.query = { ref: 'abc', id: 'new' }
    const { rerender } = mount()
    const groupCalls = () => sent().filter((s) => s.path.startsWith('/groups')).map((s) => [s.path, s.body])
    await waitFor(() => expect(groupCalls()).toEqual([['/groups/identify', { project_ref: 'abc' }]]))

    goTo('/project/[ref]/database/graphiql', { ref: 'abc' }, rerender) // same project: nothing new
    goTo('/org/[slug]/billing', { slug: 'acme' }, rerender)
    await waitFor(() => expect(groupCalls()).toHaveLength(3))
    expect(groupCalls().slice(1)).toEqual(
      expect.arrayContaining([
        ['/groups/reset', { reset_organization: false, reset_project: true }],
        ['/groups/identify', { organization_slug: 'acme' }],
      ])
    )
    goTo('/projects', {}, rerender)
    await waitFor(() => expect(groupCalls()).toHaveLength(4))
    expect(groupCalls()[3]).toEqual(['/groups/reset', { reset_organization: true, reset_project: false }])
  })

  it('sends no groups until the session is known, then identifies the current one', async () => {
    consent('true')
    router.pathname = '/project/[ref]'
    router.query = { ref: 'abc' }
    const { rerender } = mount()
    await waitFor(() => expect(paths()).toContain('/page'))
    await settled()
    expect(paths().filter((p) => p.startsWith('/groups'))).toEqual([])
    shell.userId = ALICE
    rerender()
    await waitFor(() => expect(sent().filter((s) => s.path === '/groups/identify').map((s) => s.body)).toEqual([{ project_ref: 'abc' }]))
  })

  it('sends no groups and no feature flags when self-hosted', async () => {
    consent('true')
    shell.isPlatform = false
    router.pathname = '/project/[ref]'
    router.query = { ref: 'default' }
    mount()
    trackFeatureFlag('newNav', true)
    await waitFor(() => expect(paths()).toContain('/page'))
    await settled()
    expect(paths()).toEqual(['/page'])
  })

  it('events carry the page and the groups of the current route', async () => {
    consent('true')
    router.pathname = '/org/[slug]'
    router.query = { slug: 'acme' }
    window.history.pushState({}, '', '/org/acme?token=secret')
    mount()
    sendTelemetryEvent('feature_previews_clicked', { count: 2, when: new Date('2025-01-01T00:00:00Z') })
    await waitFor(() => expect(paths()).toContain('/event'))
    expect(sent().find((s) => s.path === '/event')!.body).toMatchObject({
      action: 'feature_previews_clicked',
      custom_properties: { count: 2, when: '2025-01-01T00:00:00.000Z' },
      page_url: 'http://localhost:3000/org/acme?token=redacted',
      pathname: '/org/acme',
      groups: { organization: 'acme' },
      anonymous_id: expect.any(String),
    })
  })

  it('tracks each flag value once, and page views carry the flags evaluated so far', async () => {
    consent('true')
    const { rerender } = mount()
    trackFeatureFlag('newNav', true)
    trackFeatureFlag('newNav', true)
    trackFeatureFlag('variant', 'b')
    await waitFor(() => expect(paths().filter((p) => p === '/feature-flags/track')).toHaveLength(2))
    expect(sent().filter((s) => s.path === '/feature-flags/track').map((s) => s.body)).toEqual([
      { feature_flag_name: 'newNav', feature_flag_value: true },
      { feature_flag_name: 'variant', feature_flag_value: 'b' },
    ])
    goTo('/account/telemetry', {}, rerender)
    await waitFor(() => expect(sent().filter((s) => s.path === '/page').at(-1)!.body.feature_flags).toEqual({ newNav: true, variant: 'b' }))
  })

  it('starts once consent is given later: identify and the current group follow', async () => {
    consent(null)
    shell.userId = ALICE
    router.pathname = '/project/[ref]'
    router.query = { ref: 'abc' }
    mount()
    await settled()
    expect(fetchSpy).not.toHaveBeenCalled()
    await act(() => acceptTelemetry())
    await waitFor(() => expect(paths()).toEqual(expect.arrayContaining(['/page', '/identify', '/groups/identify'])))
    expect(paths().filter((p) => p === '/page')).toHaveLength(1) // the accept's, not one more from the tracker
  })

  it('only logs failures, with the catalogue’s words', async () => {
    consent('true')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.post('*/api/platform/telemetry/*', () => HttpResponse.json({ message: 'down' }, { status: 503 })))
    shell.userId = ALICE
    router.pathname = '/project/[ref]'
    router.query = { ref: 'abc' }
    const { rerender } = mount()
    goTo('/projects', {}, rerender)
    window.dispatchEvent(new Event('beforeunload'))
    const logged = ['Problem sending telemetry page', 'Failed to send Telemetry groups identify', 'Failed to send Telemetry groups reset', 'Problem sending telemetry page-leave']
    await waitFor(() => expect(consoleError.mock.calls.map((c) => c[0])).toEqual(expect.arrayContaining(logged)))
    consoleError.mockRestore()
  })
})
