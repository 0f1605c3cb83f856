/**
 * Users of the auth service and the JSON GoTrue answers for them (what @supabase/auth-js reads):
 * identities (the email and phone identities, and linked providers) and MFA factors included.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'

export type UserRow = {
  id: string
  email: string | null
  phone: string | null
  encrypted_password: string | null
  raw_user_meta_data: Record<string, unknown>
  raw_app_meta_data: Record<string, unknown>
  is_anonymous: boolean
  email_confirmed_at: Date | string | null
  /** When the account's holder proved the address (a link or code mailed there, an email change, a provider, an admin); autoconfirm is no proof. */
  email_proven_at: Date | string | null
  phone_confirmed_at: Date | string | null
  invited_at: Date | string | null
  confirmation_sent_at: Date | string | null
  recovery_sent_at: Date | string | null
  email_change: string | null
  email_change_sent_at: Date | string | null
  email_change_confirm_status: number
  banned_until: Date | string | null
  last_sign_in_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

type IdentityRow = {
  id: string
  user_id: string
  provider: string
  provider_id: string
  identity_data: Record<string, unknown>
  last_sign_in_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

type FactorRow = { id: string; friendly_name: string | null; factor_type: string; status: string; created_at: Date | string; updated_at: Date | string }

export type FullUser = UserRow & { identities: IdentityRow[]; factors: FactorRow[] }

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
const isoOr = (value: Date | string | null) => iso(value) ?? undefined

export const normalizeEmail = (email: string) => email.trim().toLowerCase()
/** Phone numbers are kept as digits only (E.164 without the +), as GoTrue keeps them. */
export const normalizePhone = (phone: string) => phone.replace(/[^\d]/g, '')

/** The providers a user signed in with, for app_metadata (email first, as GoTrue lists them). */
function providersOf(user: FullUser): string[] {
  const providers = [...new Set(user.identities.map((i) => i.provider))]
  return providers.length ? providers : user.is_anonymous ? [] : ['email']
}

export function appMetadata(user: FullUser): Record<string, unknown> {
  const providers = providersOf(user)
  return { ...(providers.length ? { provider: providers[0], providers } : {}), ...user.raw_app_meta_data }
}

export function toGoTrueIdentity(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: typeof identity.identity_data.email === 'string' ? identity.identity_data.email : undefined,
  }
}

/** The user object GoTrue answers with. */
export function toGoTrueUser(user: FullUser) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: isoOr(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: isoOr(user.phone_confirmed_at),
    confirmed_at: isoOr(user.email_confirmed_at ?? user.phone_confirmed_at),
    confirmation_sent_at: isoOr(user.confirmation_sent_at),
    recovery_sent_at: isoOr(user.recovery_sent_at),
    invited_at: isoOr(user.invited_at),
    ...(user.email_change ? { new_email: user.email_change, email_change_sent_at: isoOr(user.email_change_sent_at) } : {}),
    banned_until: isoOr(user.banned_until),
    last_sign_in_at: isoOr(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities.map(toGoTrueIdentity),
    factors: user.factors.length
      ? user.factors.map((f) => ({ id: f.id, friendly_name: f.friendly_name ?? undefined, factor_type: f.factor_type, status: f.status, created_at: iso(f.created_at), updated_at: iso(f.updated_at) }))
      : undefined,
    created_at: new Date(user.created_at).toISOString(),
    updated_at: new Date(user.updated_at).toISOString(),
    is_anonymous: user.is_anonymous,
  }
}
export type GoTrueUser = ReturnType<typeof toGoTrueUser>

async function withRelations(db: Queryable, user: UserRow | undefined): Promise<FullUser | undefined> {
  if (!user) return undefined
  const [identities, factors] = await Promise.all([
    db.query<IdentityRow>('select * from auth_identities where user_id = $1 order by created_at, id', [user.id]),
    db.query<FactorRow>('select id, friendly_name, factor_type, status, created_at, updated_at from auth_mfa_factors where user_id = $1 order by created_at', [user.id]),
  ])
  return { ...user, identities, factors }
}

export async function findUserByEmail(db: Queryable, email: string): Promise<FullUser | undefined> {
  const [user] = await db.query<UserRow>('select * from users where email = $1', [normalizeEmail(email)])
  return withRelations(db, user)
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<FullUser | undefined> {
  const [user] = await db.query<UserRow>('select * from users where phone = $1', [normalizePhone(phone)])
  return withRelations(db, user)
}

export async function findUserById(db: Queryable, id: string, { forUpdate = false } = {}): Promise<FullUser | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const [user] = await db.query<UserRow>(`select * from users where id = $1${forUpdate ? ' for update' : ''}`, [id])
  return withRelations(db, user)
}

export type NewUser = {
  email?: string | null
  phone?: string | null
  encryptedPassword?: string | null
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  emailConfirmed?: boolean
  /** The owner proved the address (an admin vouched, a provider verified it); not autoconfirm. */
  emailProven?: boolean
  phoneConfirmed?: boolean
  isAnonymous?: boolean
  invited?: boolean
}

/** Creates the user with its email and phone identities, in the caller's transaction. */
export async function insertUser(tx: Queryable, input: NewUser): Promise<FullUser> {
  const id = randomUUID()
  const email = input.email ? normalizeEmail(input.email) : null
  const phone = input.phone ? normalizePhone(input.phone) : null
  await tx.query(
    `insert into users (id, email, phone, encrypted_password, raw_user_meta_data, raw_app_meta_data, is_anonymous,
       email_confirmed_at, phone_confirmed_at, invited_at, email_proven_at)
     values ($1, $2, $3, $4, $5, $6, $7, case when $8 then now() end, case when $9 then now() end, case when $10 then now() end,
       case when $11 then now() end)`,
    [id, email, phone, input.encryptedPassword ?? null, JSON.stringify(input.userMetadata ?? {}), JSON.stringify(input.appMetadata ?? {}),
      input.isAnonymous ?? false, !!input.emailConfirmed, !!input.phoneConfirmed, !!input.invited, !!(email && input.emailConfirmed && input.emailProven)]
  )
  if (email) await upsertIdentity(tx, id, 'email', id, { sub: id, email, email_verified: !!input.emailConfirmed, phone_verified: false })
  if (phone) await upsertIdentity(tx, id, 'phone', id, { sub: id, phone, email_verified: false, phone_verified: !!input.phoneConfirmed })
  return (await findUserById(tx, id))!
}

export async function upsertIdentity(tx: Queryable, userId: string, provider: string, providerId: string, data: Record<string, unknown>) {
  await tx.query(
    `insert into auth_identities (id, user_id, provider, provider_id, identity_data) values ($1, $2, $3, $4, $5)
     on conflict (provider, provider_id) do update set identity_data = excluded.identity_data, updated_at = now()`,
    [randomUUID(), userId, provider, providerId, JSON.stringify(data)]
  )
}

/**
 * Marks the email (or phone) as confirmed, on the user and its identity. `proven`: the one who used
 * the link or code reads that inbox and holds the account: it completed the account's own sign-up
 * or invitation, or (a magic link, code or recovery) what was set up before was dropped
 * (first-proof.ts).
 */
export async function confirmAddress(tx: Queryable, userId: string, channel: 'email' | 'phone', { proven = false } = {}) {
  const column = channel === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at'
  const proof = channel === 'email' && proven ? ', email_proven_at = coalesce(email_proven_at, now())' : ''
  await tx.query(`update users set ${column} = coalesce(${column}, now())${proof}, updated_at = now() where id = $1`, [userId])
  await tx.query(
    `update auth_identities set identity_data = identity_data || jsonb_build_object($3::text, true), updated_at = now()
     where user_id = $1 and provider = $2`,
    [userId, channel, channel === 'email' ? 'email_verified' : 'phone_verified']
  )
}

export const isBanned = (user: UserRow) => user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now()
