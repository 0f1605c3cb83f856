import { readFlagsConfig } from './config'

const envOf = (vars: Record<string, string>) => (name: string) => vars[name]

it('reads the SDK key and refuses one that cannot be a URL segment', () => {
  expect(readFlagsConfig(envOf({})).sdkKey).toBeUndefined()
  expect(readFlagsConfig(envOf({ FEATURE_FLAGS_SDK_KEY: 'a-good-key_0123456789' })).sdkKey).toBe('a-good-key_0123456789')
  expect(() => readFlagsConfig(envOf({ FEATURE_FLAGS_SDK_KEY: 'has/a/slash/in/it/0123' }))).toThrow(/FEATURE_FLAGS_SDK_KEY/)
  expect(() => readFlagsConfig(envOf({ FEATURE_FLAGS_SDK_KEY: 'short' }))).toThrow(/FEATURE_FLAGS_SDK_KEY/)
})

it.each([
  ['', []],
  ['acme.com', ['acme.com']],
  [' @Acme.com , mail.example.org ', ['acme.com', 'mail.example.org']],
])('FLY_NOTICE_EMAIL_DOMAINS %j → %j', (raw, expected) => {
  expect(readFlagsConfig(envOf({ FLY_NOTICE_EMAIL_DOMAINS: raw })).flyNoticeEmailDomains).toEqual(expected)
})

it.each(['acme', 'user@acme.com', 'acme..com', '-acme.com'])('refuses %j as a domain', (raw) => {
  expect(() => readFlagsConfig(envOf({ FLY_NOTICE_EMAIL_DOMAINS: raw }))).toThrow(/FLY_NOTICE_EMAIL_DOMAINS/)
})
