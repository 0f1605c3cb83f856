import { describe, expect, it } from 'vitest'
import { readAuthRedirect, withoutAuthParams } from './auth-redirect'

const base = 'https://dash.example.com/sign-in?returnTo=%2Fprojects'

describe('the redirect back from the auth service', () => {
  it.each([
    [base, { kind: 'none' }],
    [`${base}#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&sb=`, { kind: 'session', accessToken: 'a', refreshToken: 'r' }],
    [`${base}&code=c0de`, { kind: 'code', code: 'c0de' }],
    [
      `${base}&error=access_denied&error_description=The+user+said+no#error=access_denied&error_description=The+user+said+no&sb=`,
      { kind: 'error', message: 'The user said no', code: null },
    ],
    [`${base}#error=server_error&error_code=identity_already_exists&error_description=Identity+is+already+linked`, { kind: 'error', message: 'Identity is already linked', code: 'identity_already_exists' }],
    [`${base}#access_token=a`, { kind: 'none' }],
  ])('%s', (href, expected) => expect(readAuthRedirect(href)).toEqual(expected))

  it('drops tokens, codes and errors from the URL, keeping the rest', () => {
    expect(withoutAuthParams(`${base}&code=c&method=github#access_token=a&refresh_token=r`, ['method'])).toBe('/sign-in?returnTo=%2Fprojects')
    expect(withoutAuthParams('https://dash.example.com/account/security?error=x&error_code=y#error=x')).toBe('/account/security')
  })
})
