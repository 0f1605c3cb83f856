/**
 * The project's users in its own database (auth.users, auth.identities): reads, writes, and the
 * user as GoTrue answers it. Emails are kept lower-case; at most one user per email and per phone.
 */
import type { ProjectUser } from '@/lib/api-types'
import type { AuthDb } from './database'

export type UserRow = {
  id: string
  aud: string
  role: string
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
  phone: string | null
  phone_confirmed_at: Date | null
  banned_until: Date | null
  is_anonymous: boolean
}

type IdentityRow = { id: string; user_id: string; provider: string; provider_id: string; identity_data: Record<string, unknown>; last_sign_in_at: Date | null; created_at: Date; updated_at: Date }

/** A time as ISO text; PostgreSQL's `infinity` and `-infinity` (read as ±Infinity) as PostgreSQL writes them. */
const iso = (d: Date | number | null | undefined) => (d == null ? null : Number.isFinite(Number(d)) ? new Date(d).toISOString() : Number(d) > 0 ? 'infinity' : '-infinity')

export async function findUserByEmail(db: AuthDb, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`select * from auth.users where lower(email) = lower($1)`, [email])
  return row ?? null
}

export async function findUserByPhone(db: AuthDb, phone: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`select * from auth.users where phone = $1`, [phone])
  return row ?? null
}

export async function findUserById(db: AuthDb, id: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`select * from auth.users where id = $1`, [id])
  return row ?? null
}

/** `banned_until` may be `infinity` (a ban for ever, set by the project's SQL): read as a number, it is later than now. */
export const isBanned = (user: UserRow) => user.banned_until != null && Number(user.banned_until) > Date.now()

export type NewUser = {
  email?: string | null
  phone?: string | null
  encryptedPassword?: string | null
  confirmed?: boolean
  invited?: boolean
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
}

/** A user and the identity of their email or phone. The caller's transaction holds both. */
export async function insertUser(db: AuthDb, user: NewUser): Promise<UserRow> {
  const provider = user.email ? 'email' : 'phone'
  const appMetadata = { provider, providers: [provider], ...(user.appMetadata ?? {}) }
  const [row] = await db.query<UserRow>(
    `insert into auth.users (email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, $3, case when $4 and $1::text is not null then now() end, case when $4 and $2::text is not null then now() end,
             case when $5 then now() end, $6, $7)
     returning *`,
    [user.email ?? null, user.phone ?? null, user.encryptedPassword ?? null, !!user.confirmed, !!user.invited, JSON.stringify(appMetadata), JSON.stringify(user.userMetadata ?? {})]
  )
  const identityData = { sub: row.id, email: row.email ?? undefined, phone: row.phone ?? undefined, email_verified: !!user.confirmed, phone_verified: false }
  await db.query(`insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1, $2, $3, $4)`, [row.id, provider, row.id, JSON.stringify(identityData)])
  return row
}

export async function identitiesOf(db: AuthDb, userId: string): Promise<IdentityRow[]> {
  return db.query<IdentityRow>(`select * from auth.identities where user_id = $1 order by created_at`, [userId])
}

/** The user as GoTrue answers it (what @supabase/auth-js reads as `User`). */
export async function toGoTrueUser(db: AuthDb, user: UserRow) {
  const identities = await identitiesOf(db, user.id)
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at) ?? undefined,
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at) ?? undefined,
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at) ?? undefined,
    confirmation_sent_at: iso(user.confirmation_sent_at) ?? undefined,
    recovery_sent_at: iso(user.recovery_sent_at) ?? undefined,
    invited_at: iso(user.invited_at) ?? undefined,
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at) ?? undefined,
    last_sign_in_at: iso(user.last_sign_in_at) ?? undefined,
    banned_until: isBanned(user) ? iso(user.banned_until) : undefined,
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: typeof i.identity_data.email === 'string' ? i.identity_data.email : undefined,
    })),
    factors: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
}

/** The user as the dashboard lists it. */
export function toProjectUser(user: UserRow & { providers?: string[] | null }): ProjectUser {
  const providers = user.providers ?? (Array.isArray(user.raw_app_meta_data?.providers) ? (user.raw_app_meta_data.providers as string[]) : [])
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    created_at: new Date(user.created_at).toISOString(),
    last_sign_in_at: iso(user.last_sign_in_at),
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    banned_until: isBanned(user) ? iso(user.banned_until) : null,
    is_anonymous: user.is_anonymous,
    providers,
  }
}

/** A page of users, newest first; `keywords` matches part of the email or phone, or the whole id. */
export async function listUsers(db: AuthDb, { page, perPage, keywords }: { page: number; perPage: number; keywords?: string }) {
  const pattern = keywords ? `%${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = `($1::text is null or email ilike $1 or phone ilike $1 or id::text = $2)`
  const rows = await db.query<UserRow & { providers: string[] | null }>(
    `select u.*, (select array_agg(distinct i.provider) from auth.identities i where i.user_id = u.id) as providers
     from auth.users u where ${where} order by created_at desc, id limit $3 offset $4`,
    [pattern, keywords ?? null, perPage, (page - 1) * perPage]
  )
  const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from auth.users where ${where}`, [pattern, keywords ?? null])
  return { users: rows, total }
}

/**
 * `24h`, `1h30m`, `90s`: the time from now; `none` lifts a ban. Durations as GoTrue reads them
 * (hours, minutes, seconds).
 */
export function banUntil(duration: string, now = new Date()): Date | null {
  if (duration === 'none') return null
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration)
  if (!match || duration === '') throw new Error(`not a duration: ${duration}`)
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
  return new Date(now.getTime() + seconds * 1000)
}
