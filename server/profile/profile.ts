import { actionsOf, PROFILE_NOT_FOUND_MESSAGE, type OrganizationRole, type Permission, type Profile } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import { PlatformError } from '../kernel/errors'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'

type ProfileRow = { id: number; user_id: string; username: string; primary_email: string; first_name: string | null; last_name: string | null }

async function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>('select id::int as id, user_id, username, primary_email, first_name, last_name from profiles where user_id = $1', [userId])
  return row
}

/** The caller's profile, or the 404 "User's profile not found" that makes the client create it. */
export async function requireProfile(db: Queryable, userId: string): Promise<ProfileRow> {
  const profile = await findProfile(db, userId)
  if (!profile) throw new PlatformError(404, PROFILE_NOT_FOUND_MESSAGE)
  return profile
}

/** Code hosts whose account picture becomes the profile's, in order of preference. */
const CODE_HOSTS = ['github', 'gitlab', 'bitbucket']

/** SPEC §3: the avatar of a linked code-host account; only http(s) addresses are passed on. */
async function profileImageUrl(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.query<{ url: string }>(
    `select identity_data ->> 'avatar_url' as url from auth_identities
     where user_id = $1 and provider = any($2::text[]) and identity_data ->> 'avatar_url' ~* '^https?://'
     order by array_position($2::text[], provider), created_at limit 1`,
    [userId, CODE_HOSTS]
  )
  return row?.url
}

function toProfile(platform: Platform, row: ProfileRow, imageUrl: string | undefined): Profile {
  return {
    id: Number(row.id),
    gotrue_id: row.user_id,
    auth0_id: row.user_id,
    username: row.username,
    primary_email: row.primary_email,
    first_name: row.first_name,
    last_name: row.last_name,
    // SPEC §3: disabled features exist in self-hosted mode only, from configuration.
    disabled_features: platform.config.isPlatform ? [] : platform.config.disabledFeatures,
    is_alpha_user: false,
    ...(imageUrl ? { profileImageUrl: imageUrl } : {}),
  }
}

export async function getProfile(platform: Platform, user: AuthUser): Promise<Profile> {
  const [row, imageUrl] = await Promise.all([requireProfile(platform.db, user.id), profileImageUrl(platform.db, user.id)])
  return toProfile(platform, row, imageUrl)
}

/** A username from the email's local part, made unique with a numeric suffix. */
async function freeUsername(db: Queryable, email: string): Promise<string> {
  const base = (email.split('@')[0] || 'user').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 30) || 'user'
  const taken = new Set(
    (await db.query<{ username: string }>(`select username from profiles where username = $1 or username like $2`, [base, `${base}_%`])).map((r) => r.username)
  )
  if (!taken.has(base)) return base
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`
}

/** How many times a username another sign-up took at the same moment is computed again. */
const USERNAME_ATTEMPTS = 5

/**
 * Creates the caller's profile (idempotent: a second call answers the existing one) and records
 * the sign_up conversion event in the same transaction. Calls at the same time (two tabs, a
 * remounted page) answer the one profile; two new users whose emails share a local part each get
 * a username of their own (a taken one is computed again, a few times).
 */
export async function createProfile(platform: Platform, user: AuthUser): Promise<Profile> {
  const row = await platform.db.transaction(async (tx) => {
    for (let attempt = 0; ; attempt++) {
      const existing = await findProfile(tx, user.id)
      if (existing) return existing
      // A conflict on user_id (this user, another request) or on username (another user) inserts
      // nothing, after waiting for the other insert to commit or roll back.
      const [created] = await tx.query<ProfileRow>(
        `insert into profiles (user_id, username, primary_email) values ($1, $2, $3) on conflict do nothing
         returning id::int as id, user_id, username, primary_email, first_name, last_name`,
        [user.id, await freeUsername(tx, user.email), user.email]
      )
      if (!created) {
        if (attempt < USERNAME_ATTEMPTS) continue
        throw new PlatformError(409, 'Your profile could not be given a username just now. Please try again.')
      }
      await tx.query(`insert into telemetry_events (profile_id, event, properties) values ($1, 'sign_up', $2)`, [
        created.id,
        JSON.stringify({ category: 'conversion' }),
      ])
      return created
    }
  })
  return toProfile(platform, row, await profileImageUrl(platform.db, user.id))
}

/** Derived from the roles policy: per organization, the actions the caller's role allows there. */
export async function getPermissions(platform: Platform, user: AuthUser): Promise<Permission[]> {
  const profile = await requireProfile(platform.db, user.id)
  const rows = await platform.db.query<{ organization_id: number; slug: string; role: OrganizationRole }>(
    `select o.id::int as organization_id, o.slug, m.role from organization_members m
     join organizations o on o.id = m.organization_id where m.profile_id = $1 order by o.id`,
    [profile.id]
  )
  return rows.map((r) => ({
    organization_id: Number(r.organization_id),
    organization_slug: r.slug,
    actions: actionsOf(r.role, { isPlatform: platform.config.isPlatform }),
    resources: ['%'],
    condition: null,
    restrictive: false,
  }))
}
