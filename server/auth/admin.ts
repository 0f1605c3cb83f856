/**
 * The auth service's admin API, for the service role only (declared so in the route table):
 * users (list with GoTrue's X-Total-Count and Link headers, create, get, update, delete),
 * generate_link, invite, and a user's MFA factors.
 */
import type { GENERATE_LINK_TYPES, Routes } from '@/lib/api-types'

type GenerateLinkType = (typeof GENERATE_LINK_TYPES)[number]
import type { Handler } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { authError } from './gotrue-errors'
import { hashPassword } from './passwords'
import { parseEmail, parsePhone } from './credentials'
import { checkPasswordRules } from './password-rule'
import { findUserByEmail, findUserById, insertUser, toGoTrueUser, upsertIdentity, type UserRow } from './users'
import { prepareMessage, sendMessage, verifyLink } from './messages'
import { createOneTimeToken, type TokenKind } from './one-time-tokens'
import { linkBase, safeRedirect } from './redirects'

const notFound = () => authError(404, 'user_not_found', 'User not found')

async function requireUser(platform: Platform, id: string) {
  const user = await findUserById(platform.db, id)
  if (!user) throw notFound()
  return user
}

/** A Go-style duration ("24h", "30m", "1h30m") or "none", as GoTrue takes ban_duration. */
export function parseBanDuration(raw: string): number | null {
  if (raw === 'none') return null
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(raw)
  if (!match || raw === '') throw authError(400, 'validation_failed', 'invalid format for ban duration: use a duration like 24h or none')
  const [, h = '0', m = '0', s = '0'] = match
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000
}

const conflict = (error: unknown) => {
  if ((error as { code?: string })?.code === '23505') throw authError(422, 'email_exists', 'A user with this email address has already been registered')
  throw error
}

export const listUsers: Handler<Routes['adminListUsers']> = async ({ platform, query, res }) => {
  const { page, per_page: perPage } = query
  const [{ total }] = await platform.db.query<{ total: number }>('select count(*)::int as total from users')
  const rows = await platform.db.query<{ id: string }>('select id from users order by created_at, id limit $1 offset $2', [perPage, (page - 1) * perPage])
  const users = await Promise.all(rows.map(async (r) => toGoTrueUser((await findUserById(platform.db, r.id))!)))
  const last = Math.max(1, Math.ceil(total / perPage))
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`
  res.setHeader('X-Total-Count', String(total))
  res.setHeader('Link', [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')].join(', '))
  return { users, aud: 'authenticated' }
}

export const createUser: Handler<Routes['adminCreateUser']> = async ({ platform, body }) => {
  if (!body.email && !body.phone) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  const email = body.email ? parseEmail(body.email) : null
  const phone = body.phone ? parsePhone(body.phone, platform.config.auth) : null
  if (body.password !== undefined) await checkPasswordRules(body.password, platform.config.auth.password)
  const encrypted = body.password !== undefined ? await hashPassword(body.password) : null
  const user = await platform.db
    .transaction(async (tx) => {
      if (email && (await findUserByEmail(tx, email))) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      const created = await insertUser(tx, {
        email,
        phone,
        encryptedPassword: encrypted,
        userMetadata: body.user_metadata,
        appMetadata: body.app_metadata,
        emailConfirmed: !!body.email_confirm,
        // An admin who confirms the address vouches for it.
        emailProven: !!body.email_confirm,
        phoneConfirmed: !!body.phone_confirm,
      })
      if (body.ban_duration) await ban(tx, created.id, body.ban_duration)
      return (await findUserById(tx, created.id))!
    })
    .catch(conflict)
  return toGoTrueUser(user)
}

async function ban(tx: { query: Platform['db']['query'] }, userId: string, duration: string) {
  const ms = parseBanDuration(duration)
  await tx.query('update users set banned_until = $2 where id = $1', [userId, ms === null ? null : new Date(Date.now() + ms)])
  if (ms !== null) await tx.query('delete from auth_sessions where user_id = $1', [userId])
}

export const getUser: Handler<Routes['adminGetUser']> = async ({ platform, params }) => toGoTrueUser(await requireUser(platform, params.userId))

export const updateUser: Handler<Routes['adminUpdateUser']> = async ({ platform, params, body }) => {
  await requireUser(platform, params.userId)
  if (body.password !== undefined) await checkPasswordRules(body.password, platform.config.auth.password)
  const encrypted = body.password !== undefined ? await hashPassword(body.password) : undefined
  const user = await platform.db
    .transaction(async (tx) => {
      const current = (await findUserById(tx, params.userId, { forUpdate: true }))!
      // $1 is the user; a change that takes a value names it $2.
      const set = async (sql: string, ...value: [unknown?]) => tx.query(`update users set ${sql}, updated_at = now() where id = $1`, [current.id, ...value])
      if (body.email !== undefined) {
        const email = parseEmail(body.email)
        // A new address is nobody's proven one until confirmed.
        await set(`email = $2${email === current.email ? '' : ', email_proven_at = null'}`, email)
        await upsertIdentity(tx, current.id, 'email', current.id, { sub: current.id, email, email_verified: !!body.email_confirm, phone_verified: false })
      }
      if (body.phone !== undefined) {
        const phone = parsePhone(body.phone, platform.config.auth)
        await set('phone = $2', phone)
        await upsertIdentity(tx, current.id, 'phone', current.id, { sub: current.id, phone, email_verified: false, phone_verified: !!body.phone_confirm })
      }
      if (encrypted) await set('encrypted_password = $2', encrypted)
      if (body.email_confirm) await set('email_confirmed_at = coalesce(email_confirmed_at, now()), email_proven_at = coalesce(email_proven_at, now()), email_change = null')
      if (body.phone_confirm) await set('phone_confirmed_at = coalesce(phone_confirmed_at, now())')
      if (body.user_metadata) await set('raw_user_meta_data = $2', JSON.stringify(body.user_metadata))
      if (body.app_metadata) await set('raw_app_meta_data = raw_app_meta_data || $2', JSON.stringify(body.app_metadata))
      if (body.ban_duration) await ban(tx, current.id, body.ban_duration)
      return (await findUserById(tx, current.id))!
    })
    .catch(conflict)
  return toGoTrueUser(user)
}

/** Organizations the user is the only Owner of: deleting them would leave those without one. */
async function soleOwnerOf(platform: Platform, userId: string): Promise<string[]> {
  const rows = await platform.db.query<{ name: string }>(
    `select o.name from organizations o
     join organization_members m on m.organization_id = o.id and m.role = 'Owner'
     join profiles p on p.id = m.profile_id and p.user_id = $1
     where not exists (select 1 from organization_members other
                       where other.organization_id = o.id and other.role = 'Owner' and other.profile_id <> m.profile_id)
     order by o.name`,
    [userId]
  )
  return rows.map((r) => r.name)
}

export const deleteUser: Handler<Routes['adminDeleteUser']> = async ({ platform, params, body }) => {
  const user = await requireUser(platform, params.userId)
  const owned = await soleOwnerOf(platform, user.id)
  if (owned.length)
    throw authError(400, 'validation_failed', `This user is the only Owner of ${owned.join(', ')}. Make another member an Owner, or delete the organization, first.`)
  if (body?.should_soft_delete) {
    // Kept for the record, but nobody can sign in as it, and its addresses are free again.
    await platform.db.transaction(async (tx) => {
      await tx.query(`update users set email = null, phone = null, encrypted_password = null, banned_until = 'infinity', updated_at = now() where id = $1`, [user.id])
      await tx.query('delete from auth_identities where user_id = $1', [user.id])
      await tx.query('delete from auth_sessions where user_id = $1', [user.id])
    })
  } else {
    await platform.db.query('delete from users where id = $1', [user.id])
  }
  return toGoTrueUser(user)
}

const LINK_KINDS: Record<GenerateLinkType, TokenKind> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change_current',
  email_change_new: 'email_change_new',
}

export const generateLink: Handler<Routes['adminGenerateLink']> = async ({ platform, req, body }) => {
  const email = parseEmail(body.email)
  const redirectTo = safeRedirect(platform, req, body.redirect_to)
  const kind = LINK_KINDS[body.type]
  if (body.type === 'signup' && body.password !== undefined) await checkPasswordRules(body.password, platform.config.auth.password)
  const encrypted = body.type === 'signup' && body.password ? await hashPassword(body.password) : null
  const newEmail = body.type.startsWith('email_change') ? (body.new_email ? parseEmail(body.new_email) : null) : null
  if (body.type.startsWith('email_change') && !newEmail) throw authError(400, 'validation_failed', 'The new email address (new_email) is required')
  const out = await platform.db
    .transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (body.type === 'signup' || body.type === 'invite') {
        if (user?.email_confirmed_at) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
        user ??= await insertUser(tx, { email, encryptedPassword: encrypted, userMetadata: body.data, invited: body.type === 'invite' })
      }
      if (!user) throw notFound()
      if (newEmail) {
        if (await findUserByEmail(tx, newEmail)) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
        await tx.query('update users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1', [user.id, newEmail])
      }
      const to = kind === 'email_change_new' ? newEmail! : email
      const { tokenHash, otp } = await createOneTimeToken(tx, { userId: user.id, kind, relatesTo: to, ttlSeconds: platform.config.auth.otpTtlSeconds, redirectTo })
      return { user: (await findUserById(tx, user.id))!, tokenHash, otp }
    })
    .catch(conflict)
  return {
    ...toGoTrueUser(out.user),
    action_link: verifyLink(linkBase(platform), out.tokenHash, kind, redirectTo),
    email_otp: out.otp,
    hashed_token: out.tokenHash,
    redirect_to: redirectTo,
    verification_type: body.type === 'email_change_current' || body.type === 'email_change_new' ? 'email_change' : body.type,
  }
}

export const invite: Handler<Routes['adminInvite']> = async ({ platform, req, body, query }) => {
  const email = parseEmail(body.email)
  const redirectTo = safeRedirect(platform, req, query.redirect_to)
  const { user, message } = await platform.db
    .transaction(async (tx) => {
      let existing: UserRow | undefined = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      existing ??= await insertUser(tx, { email, userMetadata: body.data, invited: true })
      await tx.query('update users set invited_at = now() where id = $1', [existing.id])
      const message = await prepareMessage(platform, tx, { userId: existing.id, kind: 'invite', to: email, channel: 'email', redirectTo })
      return { user: (await findUserById(tx, existing.id))!, message }
    })
    .catch(conflict)
  await sendMessage(platform, message)
  return toGoTrueUser(user)
}

export const listFactors: Handler<Routes['adminListFactors']> = async ({ platform, params }) => {
  const user = await requireUser(platform, params.userId)
  return toGoTrueUser(user).factors ?? []
}

export const deleteFactor: Handler<Routes['adminDeleteFactor']> = async ({ platform, params }) => {
  const [row] = /^[0-9a-f-]{36}$/i.test(params.factorId) && /^[0-9a-f-]{36}$/i.test(params.userId)
    ? await platform.db.query<{ id: string }>('delete from auth_mfa_factors where id = $1 and user_id = $2 returning id', [params.factorId, params.userId])
    : []
  if (!row) throw authError(404, 'mfa_factor_not_found', 'Factor not found')
  return { id: row.id }
}
