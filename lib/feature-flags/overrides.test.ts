import { vi } from 'vitest'
import { FLAG_OVERRIDES_COOKIE, flagOverridesCookieValue, parseFlagOverrides } from './overrides'

const cookie = (value: string) => `theme=dark; ${FLAG_OVERRIDES_COOKIE}=${value}; other=1`

it('reads the URL-encoded JSON object of the cookie', () => {
  const value = flagOverridesCookieValue({ noticeBanner: 'Hello; world', functionsAssistantV2: true })
  expect(parseFlagOverrides(cookie(value))).toEqual({ noticeBanner: 'Hello; world', functionsAssistantV2: true })
})

it.each([
  ['no cookie at all', 'theme=dark'],
  ['a cookie of another name that starts alike', `${FLAG_OVERRIDES_COOKIE}-old=${flagOverridesCookieValue({ a: true })}`],
])('finds nothing with %s', (_, cookies) => {
  expect(parseFlagOverrides(cookies)).toEqual({})
})

it.each([
  ['not JSON', '%7Bnope'],
  ['a broken escape', '%E0%A4%A'],
  ['an array', flagOverridesCookieValue([true] as never)],
])('ignores a cookie that is %s, saying so', (_, value) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(parseFlagOverrides(cookie(value))).toEqual({})
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(FLAG_OVERRIDES_COOKIE))
  warn.mockRestore()
})

it('keeps the good entries and drops the others', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const value = encodeURIComponent(JSON.stringify({ good: true, 'bad key!': true, number: 1, nested: { a: 1 } }))
  expect(parseFlagOverrides(cookie(value))).toEqual({ good: true })
  expect(warn).toHaveBeenCalledTimes(3)
  warn.mockRestore()
})
