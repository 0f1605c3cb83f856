/**
 * The decisions of Authentication → Users and → Providers, apart from rendering: a user's status
 * badges, the ban durations offered, and the providers form's validation (the contract's own zod
 * schemas) and its diff against what is saved.
 */
import type { BadgeVariant } from '@/components/ui'
import { INVALID_HTTP_URL_MESSAGE, isHttpUrl } from '@/lib/url'
import { BAN_DURATION, projectAuthConfigPatch } from '@/lib/api-types/project-auth'
import type { ProjectAuthConfig, ProjectAuthConfigPatch, ProjectUser } from '@/lib/api-types'

export const USERS_PER_PAGE = 50
export const SEARCH_DEBOUNCE_MS = 300

/** A date and time as the list shows it, in the browser's time zone. */
export function formatUserTime(iso: string | null): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

/** The platform answers `infinity` for a ban with no end (set from SQL). */
const FOREVER = 'infinity'

export const isBanned = (user: Pick<ProjectUser, 'banned_until'>, now = Date.now()) =>
  user.banned_until === FOREVER || (user.banned_until !== null && Date.parse(user.banned_until) > now)

/** "Banned until Nov 27, 2026, 12:00 PM", or "Banned for good" for a ban with no end. */
export const banLabel = (bannedUntil: string | null) => (bannedUntil === FOREVER ? 'Banned for good' : `Banned until ${formatUserTime(bannedUntil)}`)

export type UserStatus = { label: string; variant: BadgeVariant }

/** What a person should notice about a user at a glance; nothing for an ordinary confirmed user. */
export function userStatuses(user: ProjectUser, now = Date.now()): UserStatus[] {
  const statuses: UserStatus[] = []
  if (isBanned(user, now)) statuses.push({ label: banLabel(user.banned_until), variant: 'destructive' })
  if (user.is_anonymous) statuses.push({ label: 'Anonymous', variant: 'outline' })
  // An invitation not taken up yet is one thing; a sign-up that never confirmed its mail another.
  if (user.email && !user.email_confirmed_at) statuses.push(user.invited_at ? { label: 'Invited', variant: 'brand' } : { label: 'Unconfirmed', variant: 'warning' })
  return statuses
}

/** The ban periods offered; the value is what `ban_duration` takes. */
export const BAN_OPTIONS = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '168h', label: '7 days' },
  { value: '876000h', label: '100 years' },
] as const satisfies readonly { value: string; label: string }[]
export const UNBAN = 'none'
// Every offered value is one the contract accepts.
for (const option of BAN_OPTIONS) if (!BAN_DURATION.test(option.value)) throw new Error(`Bad ban duration ${option.value}`)

export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage))

/** "21–40 of 57 users", "1 user", "No users". */
export function rangeLabel(page: number, perPage: number, shown: number, total: number): string {
  if (total === 0) return 'No users'
  const noun = total === 1 ? 'user' : 'users'
  if (shown === 0) return `${total.toLocaleString('en-US')} ${noun}`
  const first = (page - 1) * perPage + 1
  return `${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`
}

export type ProvidersForm = {
  emailEnabled: boolean
  confirmEmail: boolean
  passwordMinLength: string
  phoneEnabled: boolean
  phoneAutoconfirm: boolean
  allowSignup: boolean
  siteUrl: string
  redirectUrls: string[]
  jwtExp: string
}

export const formFromConfig = (config: ProjectAuthConfig): ProvidersForm => ({
  emailEnabled: config.external_email_enabled,
  confirmEmail: !config.mailer_autoconfirm,
  passwordMinLength: String(config.password_min_length),
  phoneEnabled: config.external_phone_enabled,
  phoneAutoconfirm: config.sms_autoconfirm,
  allowSignup: !config.disable_signup,
  siteUrl: config.site_url,
  redirectUrls: [...config.uri_allow_list],
  jwtExp: String(config.jwt_exp),
})

const shape = projectAuthConfigPatch.shape
const bounds = (field: typeof shape.jwt_exp | typeof shape.password_min_length) => {
  const number = field.unwrap()
  return { min: number.minValue ?? 0, max: number.maxValue ?? Number.MAX_SAFE_INTEGER }
}
const JWT_EXP = bounds(shape.jwt_exp)
const PASSWORD_MIN = bounds(shape.password_min_length)
export const JWT_EXP_MESSAGE = `Enter a whole number of seconds from ${JWT_EXP.min.toLocaleString('en-US')} to ${JWT_EXP.max.toLocaleString('en-US')}`
export const PASSWORD_MIN_MESSAGE = `Enter a whole number from ${PASSWORD_MIN.min} to ${PASSWORD_MIN.max}`

export type ProvidersFormErrors = { siteUrl?: string; jwtExp?: string; passwordMinLength?: string; redirectUrls?: string }

const wholeNumberIn = (text: string, field: typeof shape.jwt_exp) => /^\d+$/.test(text.trim()) && field.safeParse(Number(text.trim())).success

export function validateProvidersForm(form: ProvidersForm, saved: ProjectAuthConfig): ProvidersFormErrors {
  const errors: ProvidersFormErrors = {}
  // A project starts without a site URL (links lead to the project's URL): left as it is, it is
  // not sent, so it needs no checking; once set it can be changed but not cleared.
  if (form.siteUrl.trim() !== saved.site_url) {
    const site = shape.site_url.safeParse(form.siteUrl)
    if (!site.success) errors.siteUrl = site.error.issues[0]?.message ?? 'Enter a full URL'
    // Links in mails lead here: a web address, not any scheme a URL parser takes.
    else if (!isHttpUrl(site.data ?? '')) errors.siteUrl = INVALID_HTTP_URL_MESSAGE
  }
  if (!wholeNumberIn(form.jwtExp, shape.jwt_exp)) errors.jwtExp = JWT_EXP_MESSAGE
  if (!wholeNumberIn(form.passwordMinLength, shape.password_min_length)) errors.passwordMinLength = PASSWORD_MIN_MESSAGE
  if (!shape.uri_allow_list.safeParse(form.redirectUrls).success) errors.redirectUrls = 'Keep at most 100 redirect URLs'
  return errors
}

/** Why `entry` cannot join the redirect URLs, or null when it can. */
export function redirectUrlProblem(entry: string, list: readonly string[]): string | null {
  const trimmed = entry.trim()
  if (!trimmed) return 'Enter a URL, such as https://example.com/**'
  if (!shape.uri_allow_list.safeParse([...list, trimmed]).success) return list.length >= 100 ? 'Keep at most 100 redirect URLs' : 'That URL is too long'
  if (list.includes(trimmed)) return 'That URL is already in the list'
  return null
}

/** The settings that differ from what is saved, as the PATCH body; empty when nothing changed. */
export function providersPatch(saved: ProjectAuthConfig, form: ProvidersForm): ProjectAuthConfigPatch {
  const patch: ProjectAuthConfigPatch = {}
  if (form.emailEnabled !== saved.external_email_enabled) patch.external_email_enabled = form.emailEnabled
  if (form.confirmEmail === saved.mailer_autoconfirm) patch.mailer_autoconfirm = !form.confirmEmail
  if (Number(form.passwordMinLength.trim()) !== saved.password_min_length) patch.password_min_length = Number(form.passwordMinLength.trim())
  if (form.phoneEnabled !== saved.external_phone_enabled) patch.external_phone_enabled = form.phoneEnabled
  if (form.phoneAutoconfirm !== saved.sms_autoconfirm) patch.sms_autoconfirm = form.phoneAutoconfirm
  if (form.allowSignup === saved.disable_signup) patch.disable_signup = !form.allowSignup
  if (form.siteUrl.trim() !== saved.site_url) patch.site_url = form.siteUrl.trim()
  if (form.redirectUrls.join('\n') !== saved.uri_allow_list.join('\n')) patch.uri_allow_list = form.redirectUrls
  if (Number(form.jwtExp.trim()) !== saved.jwt_exp) patch.jwt_exp = Number(form.jwtExp.trim())
  return patch
}
