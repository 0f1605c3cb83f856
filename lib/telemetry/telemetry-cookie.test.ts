// @vitest-environment jsdom
// (jsdom: happy-dom keeps an expired cookie in document.cookie as `name=`, browsers drop it.)
import { clearTelemetryCookie, readCookie, takeTelemetryCookie, TELEMETRY_DATA_COOKIE } from './telemetry-cookie'
import { parseTelemetryCookie } from './telemetry-cookie-payload'

const payload = {
  page_url: 'https://www.example.com/pricing',
  page_title: 'Pricing',
  pathname: '/pricing',
  ph: { referrer: '', language: 'en', user_agent: 'ua', search: '', viewport_height: 1, viewport_width: 2 },
}

/** A cookie jar that records every assignment, as `document.cookie` receives them. */
function jar(initial: string) {
  const writes: string[] = []
  return {
    writes,
    doc: {
      get cookie() {
        return initial
      },
      set cookie(value: string) {
        writes.push(value)
      },
    },
  }
}

describe('readCookie', () => {
  it.each([
    ['a=1; telemetry-data=xyz; b=2', 'xyz'],
    ['telemetry-data=xyz', 'xyz'],
    ['telemetry-data=', ''],
    ['a=1; b=2', null],
    ['', null],
    ['xtelemetry-data=1', null],
    ['telemetry-data=a=b', 'a=b'],
  ])('%s → %s', (cookies, expected) => expect(readCookie(cookies, TELEMETRY_DATA_COOKIE)).toBe(expected))
})

describe('parseTelemetryCookie', () => {
  it('reads URL-encoded JSON of a page payload', () => {
    const parsed = parseTelemetryCookie(encodeURIComponent(JSON.stringify(payload)))
    expect(parsed).toEqual({ ok: true, payload: { ...payload, feature_flags: {} } })
  })

  it('reads plain JSON too', () => {
    expect(parseTelemetryCookie(JSON.stringify(payload)).ok).toBe(true)
  })

  it.each([
    ['not JSON', '{"page_url":'],
    ['a broken %-escape in garbage', '%E0%A4%A'],
    ['JSON of something else', JSON.stringify({ hello: 'world' })],
    ['a payload with a javascript: URL', JSON.stringify({ ...payload, page_url: 'javascript:alert(1)' })],
    ['an empty value', ''],
  ])('refuses %s', (_name, raw) => {
    const parsed = parseTelemetryCookie(raw)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.error).toBeInstanceOf(Error)
  })
})

describe('clearing', () => {
  it('expires the cookie on the host and on each parent domain', () => {
    const { doc, writes } = jar('')
    clearTelemetryCookie(doc, 'dash.example.com')
    expect(writes).toEqual([
      'telemetry-data=; Max-Age=0; Path=/',
      'telemetry-data=; Max-Age=0; Path=/; Domain=.dash.example.com',
      'telemetry-data=; Max-Age=0; Path=/; Domain=.example.com',
    ])
  })

  it('takes the cookie: its value, cleared, or null (and untouched) when absent', () => {
    const value = encodeURIComponent(JSON.stringify(payload))
    const present = jar(`other=1; telemetry-data=${value}`)
    expect(takeTelemetryCookie(present.doc, 'localhost')).toBe(value)
    expect(present.writes).toEqual(['telemetry-data=; Max-Age=0; Path=/'])
    const absent = jar('other=1')
    expect(takeTelemetryCookie(absent.doc, 'localhost')).toBeNull()
    expect(absent.writes).toEqual([])
  })

  it('clears a real cookie of the document', () => {
    document.cookie = `${TELEMETRY_DATA_COOKIE}=${encodeURIComponent(JSON.stringify(payload))}; path=/`
    expect(parseTelemetryCookie(takeTelemetryCookie() ?? '')).toMatchObject({ ok: true })
    expect(document.cookie).not.toContain(TELEMETRY_DATA_COOKIE)
  })
})
