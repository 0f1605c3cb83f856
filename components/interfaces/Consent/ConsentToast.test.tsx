// @vitest-environment jsdom
// (jsdom: happy-dom keeps an expired cookie in document.cookie as `name=`, browsers drop it.)
/**
 * The consent toast and the privacy settings against an MSW-mocked platform: when the toast
 * shows (300 ms after load, only while no choice is stored, never dismissed on its own), what
 * Accept, Opt out and the privacy settings store and send (and the website's telemetry-data
 * cookie), and a choice made in another tab.
 */
import { vi, type MockInstance } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { consentState, openPrivacySettings } from '@/state/consent'
import { CONSENT_TEXT, CONSENT_TOAST_DELAY_MS, ConsentToast } from './ConsentToast'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** Every request sent to the platform, in order, as the fetch stack hands it over. */
let fetchSpy: MockInstance<typeof fetch>
const requests = () =>
  fetchSpy.mock.calls.map(([url, init]) => ({ path: new URL(String(url)).pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined }))
/** Lets every promise chain started so far run to its end (they wait on no timer). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  window.localStorage.clear()
  consentState.reset()
  server.use(http.post('*/api/platform/telemetry/page', () => new HttpResponse(null, { status: 204 })))
  fetchSpy = vi.spyOn(globalThis, 'fetch')
  window.history.pushState({}, '', '/sign-in?returnTo=%2Fprojects')
  document.title = 'Sign in'
})
afterEach(() => {
  fetchSpy.mockRestore()
  server.resetHandlers()
  vi.useRealTimers()
  document.cookie = 'telemetry-data=; Max-Age=0; Path=/'
})

const toast = () => screen.queryByRole('region', { name: 'Cookie consent' })
const pageViews = () => requests().filter((r) => r.path === '/api/platform/telemetry/page')

/** Renders the toast and lets the 300 ms pass on a fake clock, then goes back to real time. */
function renderShown() {
  vi.useFakeTimers()
  render(<ConsentToast />)
  act(() => vi.advanceTimersByTime(CONSENT_TOAST_DELAY_MS))
  vi.useRealTimers()
  expect(toast()).toBeInTheDocument()
}

describe('when it shows', () => {
  it('shows 300 ms after load while no choice is stored, and stays', () => {
    vi.useFakeTimers()
    render(<ConsentToast />)
    act(() => vi.advanceTimersByTime(CONSENT_TOAST_DELAY_MS - 1))
    expect(toast()).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    const shown = toast()!
    expect(within(shown).getByText(CONSENT_TEXT)).toBeInTheDocument()
    expect(within(shown).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/docs/telemetry')
    for (const name of ['Accept', 'Opt out', 'Privacy settings']) expect(within(shown).getByRole('button', { name })).toBeInTheDocument()
    // Never dismissed on its own.
    act(() => vi.advanceTimersByTime(10 * 60_000))
    expect(toast()).toBeInTheDocument()
    expect(requests()).toEqual([])
  })

  it.each(['true', 'false'])('does not show when consent is stored as %s', (stored) => {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, stored)
    vi.useFakeTimers()
    render(<ConsentToast />)
    act(() => vi.advanceTimersByTime(60_000))
    expect(toast()).not.toBeInTheDocument()
    expect(consentState.consent).toBe(stored)
  })

  it('treats anything else stored as no choice yet', () => {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, 'yes please')
    renderShown()
  })

  it('is dismissed when another tab stores a choice', async () => {
    renderShown()
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, 'true')
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, newValue: 'true' }))
    })
    await waitFor(() => expect(toast()).not.toBeInTheDocument())
    expect(consentState.consent).toBe('true')
    expect(requests()).toEqual([]) // the other tab sent what there was to send
  })

  it('ignores storage events of other keys', async () => {
    renderShown()
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_STORAGE_KEYS.THEME, newValue: 'dark' }))
    })
    await settled()
    expect(toast()).toBeInTheDocument()
  })
})

describe('Accept', () => {
  it('stores consent, sends the current page, then the website’s cookie, and clears it', async () => {
    const websitePage = {
      page_url: 'http://localhost:3000/pricing',
      page_title: 'Pricing',
      pathname: '/pricing',
      ph: { referrer: '', language: 'en', user_agent: 'ua', search: '', viewport_height: 700, viewport_width: 1000 },
      feature_flags: {},
    }
    document.cookie = `telemetry-data=${encodeURIComponent(JSON.stringify(websitePage))}; path=/`
    renderShown()
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))

    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBe('true')
    expect(consentState.consent).toBe('true')
    await waitFor(() => expect(toast()).not.toBeInTheDocument())
    expect(document.cookie).not.toContain('telemetry-data')
    await waitFor(() => expect(pageViews()).toHaveLength(2))
    const [current, fromCookie] = pageViews().map((r) => r.body)
    expect(current).toMatchObject({
      page_url: 'http://localhost:3000/sign-in?returnTo=%2Fprojects',
      page_title: 'Sign in',
      pathname: '/sign-in',
      ph: { search: '?returnTo=%2Fprojects' },
      anonymous_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(fromCookie).toEqual({ ...websitePage, anonymous_id: current.anonymous_id })
  })

  it('logs invalid cookie data, clears it and sends only the current page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    document.cookie = 'telemetry-data=%7Bnot%20json; path=/'
    renderShown()
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Invalid telemetry data:', expect.any(Error)))
    expect(document.cookie).not.toContain('telemetry-data')
    await waitFor(() => expect(pageViews()).toHaveLength(1))
    consoleError.mockRestore()
  })
})

describe('Opt out', () => {
  it('stores the refusal, clears the cookie and sends nothing', async () => {
    document.cookie = 'telemetry-data=%7B%7D; path=/'
    renderShown()
    fireEvent.click(screen.getByRole('button', { name: 'Opt out' }))
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBe('false')
    expect(consentState.consent).toBe('false')
    await waitFor(() => expect(toast()).not.toBeInTheDocument())
    expect(document.cookie).not.toContain('telemetry-data')
    await settled()
    expect(requests()).toEqual([])
  })
})

describe('Privacy settings', () => {
  const dialog = () => screen.queryByRole('dialog', { name: 'Privacy settings' })

  it('opens from the toast: necessary cookies locked on, telemetry off until chosen; Cancel changes nothing', async () => {
    renderShown()
    fireEvent.click(screen.getByRole('button', { name: 'Privacy settings' }))
    const modal = await screen.findByRole('dialog', { name: 'Privacy settings' })
    expect(toast()).not.toBeInTheDocument()
    const necessary = within(modal).getByRole('switch', { name: 'Strictly necessary cookies' })
    expect(necessary).toBeChecked()
    expect(necessary).toBeDisabled()
    const telemetry = within(modal).getByRole('switch', { name: 'Telemetry' })
    expect(telemetry).not.toBeChecked()
    fireEvent.click(telemetry)
    expect(telemetry).toBeChecked()

    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(dialog()).not.toBeInTheDocument())
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBeNull()
    expect(toast()).toBeInTheDocument() // still no choice
    // Opened again, it starts from what is stored, not from the cancelled change.
    fireEvent.click(screen.getByRole('button', { name: 'Privacy settings' }))
    expect(within(await screen.findByRole('dialog', { name: 'Privacy settings' })).getByRole('switch', { name: 'Telemetry' })).not.toBeChecked()
  })

  it('Confirm with telemetry on accepts: stored and the page sent', async () => {
    renderShown()
    fireEvent.click(screen.getByRole('button', { name: 'Privacy settings' }))
    const modal = await screen.findByRole('dialog', { name: 'Privacy settings' })
    fireEvent.click(within(modal).getByRole('switch', { name: 'Telemetry' }))
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(dialog()).not.toBeInTheDocument())
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBe('true')
    expect(toast()).not.toBeInTheDocument()
    await waitFor(() => expect(pageViews()).toHaveLength(1))
  })

  it('turning telemetry off later stores the refusal, clears the cookie and ends the link', async () => {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, 'true')
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID, '0b0f4a52-8a5e-4c55-9d84-1a2b3c4d5e6f')
    document.cookie = 'telemetry-data=%7B%7D; path=/'
    consentState.reset()
    render(<ConsentToast />)
    act(() => openPrivacySettings()) // as the account page and the user menu open it
    const modal = await screen.findByRole('dialog', { name: 'Privacy settings' })
    const telemetry = within(modal).getByRole('switch', { name: 'Telemetry' })
    expect(telemetry).toBeChecked()
    fireEvent.click(telemetry)
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }))
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBe('false')
    expect(consentState.consent).toBe('false')
    expect(document.cookie).not.toContain('telemetry-data')
    await waitFor(() => expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID)).toBeNull())
    expect(toast()).not.toBeInTheDocument()
    expect(pageViews()).toEqual([])
  })
})
