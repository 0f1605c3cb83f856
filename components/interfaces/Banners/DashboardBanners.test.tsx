// @vitest-environment jsdom
// (jsdom: the tests clear a cookie by expiring it; happy-dom keeps it in document.cookie as `name=`.)
/**
 * The banner stack against an MSW-mocked platform: each banner shows only when its flag or its
 * condition says so (the incident and notice banners with the flag's text or their default, for
 * the users a rule targets, or by cookie override; the clock banner with a skewed clock, checked
 * again every 30 minutes; the restriction of the page's organization; the Fly notice for a
 * customer domain, never on sign-in pages, gone for good once dismissed).
 */
import { vi } from 'vitest'
import { createHash } from 'node:crypto'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { FlagConfig, Organization } from '@/lib/api-types'
import { FLAG_OVERRIDES_COOKIE, flagOverridesCookieValue } from '@/lib/feature-flags/overrides'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { CLOCK_CHECK_INTERVAL_MS, CLOCK_SKEW_MESSAGE, DEFAULT_INCIDENT_MESSAGE } from './banners.constants'
import { DashboardBanners } from './DashboardBanners'
import { withRouter } from '@/tests/helpers/router'

const router = { pathname: '/projects' }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
  window.localStorage.clear()
  document.cookie = `${FLAG_OVERRIDES_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  router.pathname = '/projects'
})
afterAll(() => server.close())

const SDK_KEY = 'sdk-banners-test-key-0001'
const SALT = 'the-salt'
const USER_ID = '2b7e1e8c-3c6e-4f6a-9a53-6f1f8f0a1b2c'
const hashOf = (id: string) => createHash('sha256').update(`${SALT}:${id}`).digest('hex')

type Flags = FlagConfig['flags']
const OFF: Flags = {
  clockSkewBanner: { value: true, rules: [] },
  ongoingIncident: { value: false, rules: [] },
  noticeBanner: { value: false, rules: [] },
}

/** The platform: the flags, the server's clock, the profile's email and the organizations; counts what was asked. */
function platform({
  flags = {} as Flags,
  serverTime = () => new Date().toISOString(),
  email = 'dev@example.com',
  domains = ['acme.com'],
  organizations = [] as Organization[],
} = {}) {
  const asked = { config: 0, clock: 0, profile: 0 }
  server.use(
    http.get('*/api/config', () =>
      HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false, featureFlagsSdkKey: SDK_KEY, flyNoticeEmailDomains: domains })
    ),
    http.get(`*/api/flags/${SDK_KEY}/config.json`, () => {
      asked.config++
      return HttpResponse.json({ revision: 1, salt: SALT, flags: { ...OFF, ...flags } } satisfies FlagConfig, { headers: { ETag: '"1-test"' } })
    }),
    http.get('*/api/get-utc-time', () => {
      asked.clock++
      return HttpResponse.json({ utcTime: serverTime() })
    }),
    http.get('*/api/platform/profile', () => {
      asked.profile++
      return HttpResponse.json({ id: 1, gotrue_id: USER_ID, username: 'dev', primary_email: email })
    }),
    http.get('*/api/platform/organizations', () => HttpResponse.json(organizations))
  )
  return asked
}

function renderBanners(organizationSlug?: string) {
  return render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <DashboardBanners organizationSlug={organizationSlug} />
      </QueryClientProvider>
    )
  )
}

const stack = () => screen.getByTestId('dashboard-banners')
/** Lets the answers already received render (a banner that would show has shown). */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

it('shows nothing while every flag is off and no condition applies', async () => {
  const asked = platform()
  renderBanners()
  await waitFor(() => expect(asked).toEqual({ config: 1, clock: 1, profile: 1 }))
  await settled()
  expect(stack()).toBeEmptyDOMElement()
})

describe('the incident and notice banners', () => {
  it('show while their flags are on: the flag’s text, or the default sentence, the incident first', async () => {
    platform({ flags: { ongoingIncident: { value: true, rules: [] }, noticeBanner: { value: 'Maintenance on Sunday at 10:00 UTC', rules: [] } } })
    renderBanners()
    const incident = await screen.findByTestId('incident-banner')
    expect(incident).toHaveTextContent(DEFAULT_INCIDENT_MESSAGE)
    expect(incident).toHaveAttribute('role', 'alert')
    const notice = screen.getByTestId('notice-banner')
    expect(notice).toHaveTextContent('Maintenance on Sunday at 10:00 UTC')
    expect(within(stack()).getAllByTestId(/-banner$/)).toEqual([incident, notice])
  })

  it('show only to the users a rule targets', async () => {
    platform({ flags: { noticeBanner: { value: false, rules: [{ userIdHashes: [hashOf(USER_ID)], value: 'Your project moves on Sunday' }] } } })
    renderBanners()
    expect(await screen.findByTestId('notice-banner')).toHaveTextContent('Your project moves on Sunday')
  })

  it('stay hidden for a user no rule names', async () => {
    const asked = platform({ flags: { noticeBanner: { value: false, rules: [{ userIdHashes: [hashOf('9f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f')], value: 'Not for you' }] } } })
    renderBanners()
    await waitFor(() => expect(asked.config).toBe(1))
    await settled()
    expect(screen.queryByTestId('notice-banner')).not.toBeInTheDocument()
  })

  it('follow a cookie override', async () => {
    document.cookie = `${FLAG_OVERRIDES_COOKIE}=${flagOverridesCookieValue({ noticeBanner: 'Tried out in this browser' })}; path=/`
    platform()
    renderBanners()
    expect(await screen.findByTestId('notice-banner')).toHaveTextContent('Tried out in this browser')
  })
})

describe('the clock skew banner', () => {
  const serverNow = Date.parse('2025-03-01T12:00:00.000Z')

  it.each([
    ['5 minutes ahead', 5 * 60_000, true],
    ['3 minutes behind', -3 * 60_000, true],
    ['1 minute ahead', 60_000, false],
  ])('with the clock %s: shown %s', async (_, offset, shown) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(serverNow + offset)
    const asked = platform({ serverTime: () => new Date(serverNow).toISOString() })
    renderBanners()
    await waitFor(() => expect(asked.clock).toBe(1))
    await settled()
    if (shown) expect(await screen.findByTestId('clock-skew-banner')).toHaveTextContent(CLOCK_SKEW_MESSAGE)
    else expect(screen.queryByTestId('clock-skew-banner')).not.toBeInTheDocument()
  })

  it('is not shown, nor the clock asked, while its flag is off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(serverNow + 60 * 60_000)
    const asked = platform({ flags: { clockSkewBanner: { value: false, rules: [] } }, serverTime: () => new Date(serverNow).toISOString() })
    renderBanners()
    await waitFor(() => expect(asked.config).toBe(1))
    await settled()
    expect(asked.clock).toBe(0)
    expect(screen.queryByTestId('clock-skew-banner')).not.toBeInTheDocument()
  })

  it('checks the clock again every 30 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let server = Date.now()
    const asked = platform({ serverTime: () => new Date(server).toISOString() })
    renderBanners()
    await waitFor(() => expect(asked.clock).toBe(1))
    await settled()
    expect(screen.queryByTestId('clock-skew-banner')).not.toBeInTheDocument()
    // The computer's clock jumps back 10 minutes; the server's keeps time.
    server = Date.now()
    vi.setSystemTime(Date.now() - 10 * 60_000)
    await act(() => vi.advanceTimersByTimeAsync(CLOCK_CHECK_INTERVAL_MS))
    server += CLOCK_CHECK_INTERVAL_MS
    await waitFor(() => expect(asked.clock).toBe(2))
    expect(await screen.findByTestId('clock-skew-banner')).toBeInTheDocument()
  })
})

it('shows the restriction of the page’s organization, with its billing link', async () => {
  const org = {
    id: 1,
    name: 'Acme',
    slug: 'acme',
    billing_email: 'Unknown',
    managed_by: 'supabase',
    plan: { id: 'free', name: 'Free' },
    is_owner: true,
    role: 'Owner',
    restriction_status: 'restricted',
    restriction_data: { grace_period_end: '2026-11-01T10:00:00Z' },
  } as Organization
  platform({ organizations: [org] })
  renderBanners('acme')
  const banner = await screen.findByTestId('restriction-banner')
  expect(banner).toHaveTextContent('Your project is unable to serve any requests as your organization has used up its quota.')
  expect(within(banner).getByRole('link', { name: 'More information' })).toHaveAttribute('href', '/org/acme/billing')
})

describe('the Fly Postgres deprecation notice', () => {
  it('shows for a customer domain with its date, and once dismissed stays hidden', async () => {
    platform({ email: 'dev@eu.acme.com' })
    const user = userEvent.setup()
    const { unmount } = renderBanners()
    const notice = await screen.findByTestId('fly-deprecation-banner')
    expect(notice).toHaveTextContent('April 11, 2025')
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('fly-deprecation-banner')).not.toBeInTheDocument()
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.FLY_NOTICE_DISMISSED)).toBe('true')

    unmount()
    const asked = platform({ email: 'dev@eu.acme.com' })
    renderBanners()
    await waitFor(() => expect(asked.profile).toBe(1))
    await settled()
    expect(screen.queryByTestId('fly-deprecation-banner')).not.toBeInTheDocument()
  })

  it.each([
    ['another domain', 'dev@notacme.com', ['acme.com'], '/projects'],
    ['no configured domain', 'dev@acme.com', [], '/projects'],
    ['a sign-in page', 'dev@acme.com', ['acme.com'], '/sign-in'],
  ])('is not shown for %s', async (_, email, domains, pathname) => {
    router.pathname = pathname
    const asked = platform({ email, domains })
    renderBanners()
    await waitFor(() => expect(asked.profile).toBe(1))
    await settled()
    expect(screen.queryByTestId('fly-deprecation-banner')).not.toBeInTheDocument()
  })
})
