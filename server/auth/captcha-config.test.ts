import { expect, it } from 'vitest'
import { DEFAULT_CAPTCHA_SCRIPT_URL, DEFAULT_CAPTCHA_VERIFY_URL, readCaptchaConfig } from './captcha-config'

const reader = (vars: Record<string, string>) => (name: string) => vars[name]

it('is off without a site key and a secret', () => {
  expect(readCaptchaConfig(reader({}))).toBeNull()
})

it('is on with both, on hCaptcha by default', () => {
  expect(readCaptchaConfig(reader({ CAPTCHA_SITE_KEY: 'key', CAPTCHA_SECRET: 'secret' }))).toMatchObject({
    siteKey: 'key',
    secret: 'secret',
    scriptUrl: DEFAULT_CAPTCHA_SCRIPT_URL,
    verifyUrl: DEFAULT_CAPTCHA_VERIFY_URL,
  })
})

it.each([
  [{ CAPTCHA_SITE_KEY: 'key' }, 'CAPTCHA_SECRET must be set when CAPTCHA_SITE_KEY is'],
  [{ CAPTCHA_SECRET: 'secret' }, 'CAPTCHA_SITE_KEY must be set when CAPTCHA_SECRET is'],
  [{ CAPTCHA_SITE_KEY: 'key', CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'ftp://x' }, 'CAPTCHA_VERIFY_URL must be an http(s) URL'],
  [{ CAPTCHA_SITE_KEY: 'key', CAPTCHA_SECRET: 's', CAPTCHA_SCRIPT_URL: 'not a url' }, 'CAPTCHA_SCRIPT_URL must be an http(s) URL'],
])('stops the start on a set-up that cannot work: %o', (vars, message) => {
  expect(() => readCaptchaConfig(reader(vars))).toThrow(message)
})
