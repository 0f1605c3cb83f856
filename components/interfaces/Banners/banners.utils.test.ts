import { bannerText, clockSkewMs, emailInDomains, isClockSkewed, isSignInPath } from './banners.utils'

const server = '2025-03-01T12:00:00.000Z'
const at = (offsetMs: number) => Date.parse(server) + offsetMs

describe('clock skew (SPEC §5: more than 120000 ms either way)', () => {
  it.each([
    ['the same time', 0, false],
    ['a second ahead', 1_000, false],
    ['exactly 120000 ms ahead', 120_000, false],
    ['120001 ms ahead', 120_001, true],
    ['exactly 120000 ms behind', -120_000, false],
    ['120001 ms behind', -120_001, true],
    ['a day behind', -86_400_000, true],
    ['an hour ahead', 3_600_000, true],
  ])('%s → %s', (_, offset, skewed) => {
    expect(isClockSkewed(server, at(offset))).toBe(skewed)
  })

  it('measures the skew, and flags nothing from a server time that is not one', () => {
    expect(clockSkewMs(server, at(-5_000))).toBe(-5_000)
    expect(clockSkewMs('not a time', at(0))).toBeNull()
    expect(isClockSkewed('not a time', 0)).toBe(false)
  })

  it('takes another threshold when given one', () => {
    expect(isClockSkewed(server, at(2_000), 1_000)).toBe(true)
  })
})

describe('the customer domain of a primary email', () => {
  it.each([
    ['dev@acme.com', ['acme.com'], true],
    ['Dev@ACME.com', ['acme.com'], true],
    ['dev@eu.acme.com', ['acme.com'], true],
    ['dev@notacme.com', ['acme.com'], false],
    ['dev@acme.com.evil.io', ['acme.com'], false],
    ['acme.com@gmail.com', ['acme.com'], false],
    ['dev@acme.com', ['@acme.com'], true],
    ['dev@other.org', ['acme.com', 'other.org'], true],
    ['dev@acme.com', [], false],
    ['dev@acme.com', [''], false],
    [undefined, ['acme.com'], false],
    ['no-at-sign', ['acme.com'], false],
  ])('%s in %j → %s', (email, domains, expected) => {
    expect(emailInDomains(email, domains)).toBe(expected)
  })
})

it.each([
  ['/sign-in', true],
  ['/sign-in?returnTo=%2Fprojects', true],
  ['/sign-up', true],
  ['/forgot-password', true],
  ['/reset-password', true],
  ['/sign-in-mfa', true],
  ['/sign-inside', false],
  ['/projects', false],
  ['/project/abc/sign-in', false],
])('isSignInPath(%s) is %s', (path, expected) => {
  expect(isSignInPath(path)).toBe(expected)
})

it.each([
  [true, 'Default'],
  ['  Database maintenance at 10:00 UTC ', 'Database maintenance at 10:00 UTC'],
  ['   ', 'Default'],
  [undefined, 'Default'],
])('bannerText(%j) → %s', (value, expected) => {
  expect(bannerText(value, 'Default')).toBe(expected)
})
