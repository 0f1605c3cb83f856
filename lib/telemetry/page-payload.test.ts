import { telemetryPagePayload } from '@/lib/api-types'
import { buildPagePayload, redactSearch, safePageUrl, safeReferrer, type PageEnvironment } from './page-payload'

const page = (over: Partial<PageEnvironment> = {}): PageEnvironment => ({
  href: 'https://dash.example.com/project/abc/sql/new?tab=results',
  title: 'SQL editor | Dashboard',
  referrer: 'https://www.example.com/pricing?utm_source=x',
  language: 'en-GB',
  userAgent: 'Mozilla/5.0 (test)',
  viewportHeight: 900.4,
  viewportWidth: 1440,
  ...over,
})

describe('buildPagePayload', () => {
  it('builds SPEC §3’s payload, which the platform accepts', () => {
    const payload = buildPagePayload(page(), { newNav: true, variant: 'b' })
    expect(payload).toEqual({
      page_url: 'https://dash.example.com/project/abc/sql/new?tab=results',
      page_title: 'SQL editor | Dashboard',
      pathname: '/project/abc/sql/new',
      ph: {
        referrer: 'https://www.example.com/pricing',
        language: 'en-GB',
        user_agent: 'Mozilla/5.0 (test)',
        search: '?tab=results',
        viewport_height: 900,
        viewport_width: 1440,
      },
      feature_flags: { newNav: true, variant: 'b' },
    })
    expect(telemetryPagePayload.safeParse(payload).success).toBe(true)
  })

  it('never sends the fragment or the values of secret-looking parameters', () => {
    const payload = buildPagePayload(page({ href: 'https://dash.example.com/sign-in?code=abc123&returnTo=%2Fprojects#access_token=xyz' }))
    expect(payload.page_url).toBe('https://dash.example.com/sign-in?code=redacted&returnTo=%2Fprojects')
    expect(payload.ph.search).toBe('?code=redacted&returnTo=%2Fprojects')
    expect(JSON.stringify(payload)).not.toMatch(/abc123|xyz/)
  })

  it('cuts what is too long, and mends broken text, so that the platform never refuses it', () => {
    const payload = buildPagePayload(page({ title: `${'t'.repeat(511)}😀`, userAgent: `a\uD800b${'u'.repeat(1000)}`, viewportWidth: 1e9, viewportHeight: NaN }))
    expect(payload.page_title).toBe('t'.repeat(511))
    expect(payload.ph.user_agent).toHaveLength(512)
    expect(payload.ph.user_agent!.startsWith('a\uFFFDb')).toBe(true)
    expect(payload.ph).toMatchObject({ viewport_width: 100_000, viewport_height: 0 })
    expect(telemetryPagePayload.safeParse(payload).success).toBe(true)
  })

  it('sends as many feature flags as the platform takes, with texts cut to its limit', () => {
    const flags = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`flag${i}`, i % 2 ? true : 'x'.repeat(500)]))
    const payload = buildPagePayload(page({}), flags)
    expect(Object.keys(payload.feature_flags ?? {})).toHaveLength(30)
    expect(payload.feature_flags?.flag0).toBe('x'.repeat(64))
    expect(telemetryPagePayload.safeParse(payload).success).toBe(true)
  })
})

describe('redactSearch', () => {
  it.each([
    ['', ''],
    ['?', ''],
    ['?tab=all', '?tab=all'],
    ['?token=abc&tab=all', '?token=redacted&tab=all'],
    ['?access_token=a&refresh_token=b', '?access_token=redacted&refresh_token=redacted'],
    ['?email=me%40example.com', '?email=redacted'],
    ['?state=xyz&code=1', '?state=redacted&code=redacted'],
    ['?apiKey=1&password=2&otp=3', '?apiKey=redacted&password=redacted&otp=redacted'],
    ['?token=a&token=b', '?token=redacted'],
  ])('%s → %s', (input, expected) => expect(redactSearch(input)).toBe(expected))
})

describe('safePageUrl and safeReferrer', () => {
  it('keeps origin, path and a redacted query', () => {
    expect(safePageUrl('http://localhost:3000/org/acme/billing?x=1#frag')).toEqual({
      url: 'http://localhost:3000/org/acme/billing?x=1',
      pathname: '/org/acme/billing',
      search: '?x=1',
    })
  })
  it.each([
    ['https://www.google.com/search?q=secret', 'https://www.google.com/search'],
    ['', ''],
    ['android-app://com.example', ''],
    ['not a url', ''],
  ])('referrer %s → %s', (input, expected) => expect(safeReferrer(input)).toBe(expected))
})
