/**
 * What a provider says about its user, read defensively and turned into GoTrue's identity data:
 * `sub` and `provider_id` (the account's id at the provider), `name`, `full_name`, `user_name`,
 * `preferred_username`, `avatar_url`, `email`, `email_verified`. A field that is missing or
 * malformed is left out; only a missing account id makes the profile unusable.
 */
import { z } from 'zod'
import type { OAuthProviderConfig } from './oauth-config'
import { ProviderCallError, providerJson } from './oauth-http'

export type ProviderEmail = { email: string; verified: boolean; primary: boolean }

export type ProviderUser = {
  /** The account's id at the provider (GoTrue's provider_id). */
  id: string
  emails: ProviderEmail[]
  /** Identity data without the address fields (added once the address is chosen). */
  claims: Record<string, string>
}

/** An optional text field: kept when it is a reasonable string, dropped otherwise. */
const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined)
const httpUrl = z
  .string()
  .max(2048)
  .refine((v) => /^https?:\/\//i.test(v))
  .optional()
  .catch(undefined)
const accountId = z.union([z.number().int().nonnegative().transform(String), z.string().trim().min(1).max(255)])
const emailAddress = z.string().trim().min(3).max(320).includes('@')

const githubUser = z.object({
  id: accountId,
  login: text(255),
  name: text(255),
  avatar_url: httpUrl,
})
const githubEmails = z
  .array(z.object({ email: emailAddress, primary: z.boolean().catch(false), verified: z.boolean().catch(false) }).nullable().catch(null))
  .max(100)

const userinfo = z.object({
  sub: accountId.optional().catch(undefined),
  id: accountId.optional().catch(undefined),
  email: emailAddress.optional().catch(undefined),
  // Some providers send "true" as a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).catch(false),
  name: text(255),
  preferred_username: text(255),
  login: text(255),
  username: text(255),
  nickname: text(255),
  picture: httpUrl,
  avatar_url: httpUrl,
})

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw new ProviderCallError(`${what} is not what was expected: ${result.error.issues[0]?.message ?? 'invalid'}`)
  return result.data
}

/** Drops the fields that have no value, as GoTrue leaves empty claims out. */
function compact(claims: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(claims).filter((e): e is [string, string] => e[1] !== undefined))
}

async function githubProfile(provider: OAuthProviderConfig, token: string, timeoutMs: number): Promise<ProviderUser> {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json' }
  const user = parse(githubUser, await providerJson(provider.userUrl, { headers }, timeoutMs), 'The GitHub user')
  const emails = parse(githubEmails, await providerJson(provider.emailsUrl!, { headers }, timeoutMs), 'The GitHub addresses')
  return {
    id: user.id,
    emails: emails.filter((e): e is ProviderEmail => e !== null),
    claims: compact({
      iss: provider.issuer,
      sub: user.id,
      provider_id: user.id,
      name: user.name,
      full_name: user.name,
      user_name: user.login,
      preferred_username: user.login,
      avatar_url: user.avatar_url,
    }),
  }
}

async function userinfoProfile(provider: OAuthProviderConfig, token: string, timeoutMs: number): Promise<ProviderUser> {
  const info = parse(userinfo, await providerJson(provider.userUrl, { headers: { Authorization: `Bearer ${token}` } }, timeoutMs), 'The user profile')
  const id = info.sub ?? info.id
  if (!id) throw new ProviderCallError('The user profile has neither `sub` nor `id`')
  const userName = info.preferred_username ?? info.login ?? info.username ?? info.nickname
  return {
    id,
    emails: info.email ? [{ email: info.email, verified: info.email_verified, primary: true }] : [],
    claims: compact({
      iss: provider.issuer,
      sub: id,
      provider_id: id,
      name: info.name,
      full_name: info.name,
      user_name: userName,
      preferred_username: userName,
      avatar_url: info.picture ?? info.avatar_url,
      picture: info.picture,
    }),
  }
}

export function fetchProviderUser(provider: OAuthProviderConfig, token: string, timeoutMs: number): Promise<ProviderUser> {
  return provider.kind === 'github' ? githubProfile(provider, token, timeoutMs) : userinfoProfile(provider, token, timeoutMs)
}

/** The address GoTrue picks: the primary one, else the last listed. */
export function chosenEmail(user: ProviderUser): ProviderEmail | null {
  return user.emails.find((e) => e.primary) ?? user.emails.at(-1) ?? null
}

/** The identity data kept for the identity (and merged into the user's metadata). */
export function identityData(user: ProviderUser): Record<string, unknown> {
  const email = chosenEmail(user)
  return {
    ...user.claims,
    ...(email ? { email: email.email.toLowerCase() } : {}),
    email_verified: email?.verified ?? false,
    phone_verified: false,
  }
}
