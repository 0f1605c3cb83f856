import type { ProjectAuthConfig, ProjectUser } from '@/lib/api-types'
import {
  BAN_OPTIONS,
  JWT_EXP_MESSAGE,
  PASSWORD_MIN_MESSAGE,
  formFromConfig,
  pageCount,
  providersPatch,
  rangeLabel,
  redirectUrlProblem,
  userStatuses,
  validateProvidersForm,
} from './project-auth.utils'

const NOW = Date.parse('2026-11-26T12:00:00Z')
const user = (extra: Partial<ProjectUser> = {}): ProjectUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  phone: null,
  created_at: '2026-11-01T00:00:00Z',
  last_sign_in_at: null,
  email_confirmed_at: '2026-11-01T00:00:00Z',
  invited_at: null,
  banned_until: null,
  is_anonymous: false,
  providers: ['email'],
  ...extra,
})

it.each([
  ['a confirmed user', {}, []],
  ['a sign-up that never confirmed', { email_confirmed_at: null }, ['Unconfirmed']],
  ['an invitation not taken up', { email_confirmed_at: null, invited_at: '2026-11-20T00:00:00Z' }, ['Invited']],
  ['an invited user who accepted', { invited_at: '2026-11-20T00:00:00Z' }, []],
  ['a phone user', { email: null, email_confirmed_at: null, phone: '+15550100' }, []],
  ['a ban that ended', { banned_until: '2026-11-26T11:00:00Z' }, []],
  ['an anonymous user', { email: null, email_confirmed_at: null, is_anonymous: true }, ['Anonymous']],
] as const)('%s shows %j', (_, extra, labels) => {
  expect(userStatuses(user(extra), NOW).map((s) => s.label)).toEqual(labels)
})

it('names the end of a ban that still runs', () => {
  const [status] = userStatuses(user({ banned_until: '2026-11-27T12:00:00Z' }), NOW)
  expect(status.label).toMatch(/^Banned until Nov 2[67], 2026/)
  expect(status.variant).toBe('destructive')
})

it('shows a ban with no end (infinity, set from SQL) as banned for good', () => {
  const [status] = userStatuses(user({ banned_until: 'infinity' }), NOW)
  expect(status).toEqual({ label: 'Banned for good', variant: 'destructive' })
})

it('offers the ban periods the contract accepts', () => {
  expect(BAN_OPTIONS.map((o) => o.label)).toEqual(['1 hour', '24 hours', '7 days', '100 years'])
})

it.each([
  [1, 20, 0, 0, 'No users'],
  [1, 20, 1, 1, '1–1 of 1 user'],
  [2, 20, 20, 57, '21–40 of 57 users'],
  [3, 20, 17, 57, '41–57 of 57 users'],
  [9, 20, 0, 57, '57 users'],
  [1, 20, 20, 12345, '1–20 of 12,345 users'],
])('page %i of %i per page, %i shown of %i: %s', (page, perPage, shown, total, label) => {
  expect(rangeLabel(page, perPage, shown, total)).toBe(label)
})

it.each([
  [0, 1],
  [20, 1],
  [21, 2],
  [57, 3],
])('%i users make %i pages', (total, pages) => expect(pageCount(total, 20)).toBe(pages))

const CONFIG: ProjectAuthConfig = {
  disable_signup: false,
  external_email_enabled: true,
  external_phone_enabled: false,
  mailer_autoconfirm: false,
  sms_autoconfirm: false,
  site_url: 'http://localhost:3000',
  uri_allow_list: [],
  jwt_exp: 3600,
  password_min_length: 6,
}

it('sends nothing when nothing changed, and only what changed, with the switches turned the right way', () => {
  const form = formFromConfig(CONFIG)
  expect(providersPatch(CONFIG, form)).toEqual({})
  expect(validateProvidersForm(form, CONFIG)).toEqual({})
  expect(providersPatch(CONFIG, { ...form, confirmEmail: false, allowSignup: false, jwtExp: ' 7200 ', redirectUrls: ['https://app.example/**'] })).toEqual({
    mailer_autoconfirm: true,
    disable_signup: true,
    jwt_exp: 7200,
    uri_allow_list: ['https://app.example/**'],
  })
})

it.each([
  [{ siteUrl: 'not a url' }, { siteUrl: 'Enter a full URL, such as https://example.com' }],
  [{ jwtExp: '29' }, { jwtExp: JWT_EXP_MESSAGE }],
  [{ jwtExp: '604801' }, { jwtExp: JWT_EXP_MESSAGE }],
  [{ jwtExp: '1.5' }, { jwtExp: JWT_EXP_MESSAGE }],
  [{ passwordMinLength: '5' }, { passwordMinLength: PASSWORD_MIN_MESSAGE }],
  [{ passwordMinLength: '73' }, { passwordMinLength: PASSWORD_MIN_MESSAGE }],
  [{ passwordMinLength: '72', jwtExp: '604800' }, {}],
])('validates %j', (change, errors) => {
  expect(validateProvidersForm({ ...formFromConfig(CONFIG), ...change }, CONFIG)).toEqual(errors)
})

it('states the limits in the messages', () => {
  expect(JWT_EXP_MESSAGE).toBe('Enter a whole number of seconds from 30 to 604,800')
  expect(PASSWORD_MIN_MESSAGE).toBe('Enter a whole number from 6 to 72')
})

it.each([
  ['', [], 'Enter a URL, such as https://example.com/**'],
  ['  ', [], 'Enter a URL, such as https://example.com/**'],
  ['https://a.example/**', ['https://a.example/**'], 'That URL is already in the list'],
  ['https://b.example', Array.from({ length: 100 }, (_, i) => `https://${i}.example`), 'Keep at most 100 redirect URLs'],
  [`https://${'x'.repeat(2000)}`, [], 'That URL is too long'],
  ['myapp://callback', ['https://a.example/**'], null],
])('redirect URL %j with %j: %s', (entry, list, problem) => {
  expect(redirectUrlProblem(entry, list)).toBe(problem)
})

it('lets a site URL that was never set stay unset, and saves other changes; a set one cannot be cleared', () => {
  const unset = { ...CONFIG, site_url: '' }
  const form = { ...formFromConfig(unset), allowSignup: false }
  expect(validateProvidersForm(form, unset)).toEqual({})
  expect(providersPatch(unset, form)).toEqual({ disable_signup: true })
  expect(validateProvidersForm({ ...formFromConfig(CONFIG), siteUrl: '' }, CONFIG)).toEqual({ siteUrl: 'Enter a full URL, such as https://example.com' })
})
