import type { Queryable } from '../db/control-plane'

export type UserRow = {
  id: string
  email: string
  encrypted_password: string
  raw_user_meta_data: Record<string, unknown>
  email_confirmed_at: Date | string | null
  last_sign_in_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The user object GoTrue answers with (what @supabase/auth-js expects). */
export function toGoTrueUser(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [],
    created_at: new Date(user.created_at).toISOString(),
    updated_at: new Date(user.updated_at).toISOString(),
    is_anonymous: false,
  }
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>('select * from users where email = $1', [email.trim().toLowerCase()])
  return user
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>('select * from users where id = $1', [id])
  return user
}
