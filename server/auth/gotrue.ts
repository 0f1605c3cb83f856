/**
 * The GoTrue-compatible auth service at /auth/v1: what @supabase/auth-js calls to sign up, sign
 * in (password, refresh, PKCE), read and update the user, and sign out; settings, health and the
 * published signing keys. Shapes are checked by the router (lib/api-types/auth.ts); here are the
 * rules. Links and codes are in otp.ts, MFA in mfa.ts, the admin API in admin.ts.
 */
import type { z } from 'zod'
import type { Routes, tokenBody } from '@/lib/api-types'
import type { Handler } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import { authError } from './gotrue-errors'
import { hashPassword, verifyPassword, verifyAgainstNothing } from './passwords'
import { recordAuthEvent } from '../logs/auth-logs'
import { issueSession, refreshSession, endSessions } from './sessions'
import { findUserByEmail, findUserById, findUserByPhone, insertUser, isBanned, toGoTrueUser, type FullUser } from './users'
import { accountKey, hit } from '../security/rate-limit'
import { limitSignIn, rememberSignInAddress } from './sign-in-limits'
import { EMAIL_OR_PHONE_AND_PASSWORD, addressOf, parseAddress, type Address } from './credentials'
import { checkPasswordRules } from './password-rule'
import { prepareMessage, sendMessage, type PreparedMessage } from './messages'
import { createFlowState } from './pkce'
import { exchangeAuthCode } from './pkce'
import { safeRedirect } from './redirects'
import { consumeCode } from './one-time-tokens'
import { requireCaptcha } from './captcha'
import { randomUUID } from 'node:crypto'

const findByAddress = (db: Queryable, address: Address) =>
  address.channel === 'email' ? findUserByEmail(db, address.email) : findUserByPhone(db, address.phone)

/** Counts a mail or SMS about to be sent, per client and per address. */
export async function limitMessages(platform: Platform, ip: string, address: string) {
  const limits = platform.config.rateLimits
  await hit(platform, 'otp:ip', ip, limits.otpPerIp)
  await hit(platform, 'otp:account', accountKey(address), limits.otpPerAccount)
}

const isConfirmed = (user: FullUser, address: Address) => (address.channel === 'email' ? !!user.email_confirmed_at : !!user.phone_confirmed_at)

/**
 * A sign-up to an address whose account nobody confirmed yet (the address is this sign-up's, and
 * neither it nor the phone or email beside it is confirmed): the new sign-up takes the account over,
 * its password and data replacing the earlier ones, and the earlier sign-up's links, codes, flows
 * and sessions (an unconfirmed account should have none) go. The confirmation mailed next is the
 * only one that works, so whoever follows it keeps the password of the sign-up that mailed it, not
 * one set by someone who signed the address up before (GoTrue keeps the first password: whoever
 * registered someone else's address would get in once its owner signed up and confirmed).
 */
async function replacePendingSignUp(tx: Queryable, user: FullUser, encrypted: string, data: Record<string, unknown> | undefined) {
  if (user.email_confirmed_at || user.phone_confirmed_at) return
  await tx.query(
    `update users set encrypted_password = $2, raw_user_meta_data = $3, email_change = null, email_change_confirm_status = 0, updated_at = now()
     where id = $1`,
    [user.id, encrypted, JSON.stringify(data ?? {})]
  )
  for (const table of ['auth_one_time_tokens', 'auth_flow_states', 'auth_sessions']) await tx.query(`delete from ${table} where user_id = $1`, [user.id])
}

export const signup: Handler<Routes['authSignup']> = async ({ platform, req, body, query, ip }) => {
  // First, as GoTrue does: a sign-up without a valid captcha token is refused before anything else.
  await requireCaptcha(platform, body.gotrue_meta_security?.captcha_token, ip)
  const auth = platform.config.auth
  const anonymous = !body.email && !body.phone && !body.password
  if (anonymous) {
    if (!auth.enableAnonymousSignIns) throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    // Sign-ups are counted here, not by the route's declaration: after the captcha and GoTrue's own refusals, as GoTrue does.
    await hit(platform, 'sign-up:ip', ip, platform.config.rateLimits.signUpPerIp)
    return platform.db.transaction(async (tx) => {
      const user = await insertUser(tx, { isAnonymous: true, userMetadata: body.data })
      return issueSession(platform, tx, user, { method: 'anonymous' })
    })
  }
  if (auth.disableSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
  if (!body.password) throw authError(400, 'validation_failed', EMAIL_OR_PHONE_AND_PASSWORD)
  const address = parseAddress(body, auth, EMAIL_OR_PHONE_AND_PASSWORD)
  await hit(platform, 'sign-up:ip', ip, platform.config.rateLimits.signUpPerIp)
  await checkPasswordRules(body.password, platform.config.auth.password)
  const autoconfirm = address.channel === 'email' ? auth.mailerAutoconfirm : auth.phoneAutoconfirm
  if (!autoconfirm) await limitMessages(platform, ip, addressOf(address))
  const encrypted = await hashPassword(body.password)
  const redirectTo = safeRedirect(platform, req, query.redirect_to)
  const exists = () => authError(422, 'user_already_exists', 'User already registered')
  let message: PreparedMessage | undefined
  const answer = await platform.db
    .transaction(async (tx) => {
      let user = await findByAddress(tx, address)
      if (user && (autoconfirm || isConfirmed(user, address))) {
        if (autoconfirm) throw exists()
        // Waiting for confirmation, GoTrue answers a user that looks new: sign-up tells nobody which addresses have accounts.
        return { ...toGoTrueUser(user), id: randomUUID(), identities: [], created_at: new Date().toISOString() }
      }
      if (user) await replacePendingSignUp(tx, user, encrypted, body.data)
      else {
        user = await insertUser(tx, {
          ...(address.channel === 'email' ? { email: address.email } : { phone: address.phone }),
          encryptedPassword: encrypted,
          userMetadata: body.data,
          emailConfirmed: address.channel === 'email' && autoconfirm,
          phoneConfirmed: address.channel === 'phone' && autoconfirm,
        })
      }
      if (autoconfirm) {
        await tx.query('update users set last_sign_in_at = now() where id = $1', [user.id])
        return issueSession(platform, tx, (await findUserById(tx, user.id))!, { method: 'password' })
      }
      const flowStateId = body.code_challenge
        ? await createFlowState(tx, { userId: user.id, codeChallenge: body.code_challenge, method: body.code_challenge_method, authenticationMethod: 'email/signup' })
        : null
      message = await prepareMessage(platform, tx, {
        userId: user.id,
        kind: address.channel === 'email' ? 'confirmation' : 'sms_otp',
        to: addressOf(address),
        channel: address.channel === 'email' ? 'email' : 'sms',
        redirectTo,
        flowStateId,
      })
      return toGoTrueUser((await findUserById(tx, user.id))!)
    })
    .catch((error) => {
      if (error?.code === '23505') throw exists() // a concurrent sign-up with the same address won
      throw error
    })
  if (message) await sendMessage(platform, message)
  return answer
}

async function passwordGrant(platform: Platform, body: z.output<typeof tokenBody>, ip: string) {
  if (!body.password) throw authError(400, 'validation_failed', EMAIL_OR_PHONE_AND_PASSWORD)
  const address = parseAddress(body, platform.config.auth, EMAIL_OR_PHONE_AND_PASSWORD)
  const user = await findByAddress(platform.db, address)
  await limitSignIn(platform, ip, addressOf(address), user?.id)
  // An unknown address costs the same hashing as a wrong password: timing tells nothing.
  const ok = user?.encrypted_password ? await verifyPassword(user.encrypted_password, body.password) : await verifyAgainstNothing(body.password)
  if (user && !ok) recordAuthEvent(platform, { userId: user.id, action: 'login_failed', email: user.email, method: 'password' })
  if (!user || !ok) throw authError(400, 'invalid_credentials', 'Invalid login credentials')
  if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned')
  if (!isConfirmed(user, address))
    throw address.channel === 'email'
      ? authError(400, 'email_not_confirmed', 'Email not confirmed')
      : authError(400, 'phone_not_confirmed', 'Phone not confirmed')
  return issuePasswordSession(platform, user, address.channel, ip)
}

/**
 * The session of a password found right in `checked`, a read made before the transaction. The user
 * is read again, locked, where the session is written: a first proof of the address (first-proof.ts)
 * or a password change that committed since the check may not leave a session for the old password.
 */
export async function issuePasswordSession(platform: Platform, checked: FullUser, channel: Address['channel'], ip: string) {
  return platform.db.transaction(async (tx) => {
    const user = await findUserById(tx, checked.id, { forUpdate: true })
    if (!user || !user.encrypted_password || user.encrypted_password !== checked.encrypted_password)
      throw authError(400, 'invalid_credentials', 'Invalid login credentials')
    if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned')
    await tx.query('update users set last_sign_in_at = now() where id = $1', [user.id])
    await tx.query(`update auth_identities set last_sign_in_at = now() where user_id = $1 and provider = $2`, [user.id, channel])
    await rememberSignInAddress(tx, user.id, ip)
    return issueSession(platform, tx, (await findUserById(tx, user.id))!, { method: 'password' })
  })
}

export const token: Handler<Routes['authToken']> = async ({ platform, query, body, ip }) => {
  switch (query.grant_type) {
    case 'password':
      return passwordGrant(platform, body ?? {}, ip)
    case 'refresh_token': {
      // Counted per client by the route's declaration; per account in refreshSession.
      if (!body?.refresh_token) throw authError(400, 'validation_failed', 'refresh_token is required')
      return refreshSession(platform, body.refresh_token)
    }
    case 'pkce': {
      if (!body?.auth_code || !body.code_verifier)
        throw authError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
      const { auth_code, code_verifier } = body
      return platform.db.transaction(async (tx) => {
        const flow = await exchangeAuthCode(tx, auth_code, code_verifier)
        const user = await findUserById(tx, flow.userId)
        if (!user) throw authError(404, 'user_not_found', 'User not found')
        return issueSession(platform, tx, user, { method: flow.method })
      })
    }
    case 'id_token':
      throw authError(400, 'provider_disabled', 'Provider is not enabled: sign-in with an ID token needs a configured provider')
    case 'web3':
      throw authError(400, 'web3_provider_disabled', 'Web3 provider is disabled')
  }
}

export const getUser: Handler<Routes['authGetUser']> = async ({ platform, user }) => {
  const row = await findUserById(platform.db, user.id)
  if (!row) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return toGoTrueUser(row)
}

export const logout: Handler<Routes['authLogout']> = async ({ platform, user, query }) => {
  await endSessions(platform, user.id, user.sessionId, query.scope)
  return undefined
}

export const settings: Handler<Routes['authSettings']> = async ({ platform }) => {
  const auth = platform.config.auth
  return {
    external: {
      anonymous_users: auth.enableAnonymousSignIns,
      email: true,
      phone: auth.enablePhone,
      github: false,
      google: false,
      saml: false,
      // Every configured OAuth provider, by the name clients ask for it with.
      ...Object.fromEntries(auth.external.providers.map((p) => [p.name, true])),
    },
    disable_signup: auth.disableSignup,
    mailer_autoconfirm: auth.mailerAutoconfirm,
    phone_autoconfirm: auth.phoneAutoconfirm,
    sms_provider: auth.enablePhone ? 'log' : '',
    saml_enabled: false,
  }
}

/** The GoTrue API version this auth service speaks (its health answer, the service versions of a project). */
export const AUTH_SERVICE_VERSION = '2.0.0'

export const health: Handler<Routes['authHealth']> = async ({ platform }) => {
  await platform.db.query('select 1')
  return { version: AUTH_SERVICE_VERSION, name: 'GoTrue', description: 'The auth service of the built-in platform, compatible with GoTrue' }
}

export const jwks: Handler<Routes['authJwks']> = async ({ platform }) => {
  await platform.signingKeys.reload()
  return platform.signingKeys.jwks()
}

export const rotateSigningKey: Handler<Routes['rotateSigningKey']> = async ({ platform }) => platform.signingKeys.rotate()

export const reauthenticate: Handler<Routes['authReauthenticate']> = async ({ platform, user: caller, ip }) => {
  const user = await findUserById(platform.db, caller.id)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  if (!user.email && !user.phone) throw authError(422, 'no_address', 'Reauthentication requires the user to have an email or a phone number')
  await limitMessages(platform, ip, (user.email ?? user.phone)!)
  const channel = user.email ? 'email' : 'sms'
  const message = await platform.db.transaction((tx) =>
    prepareMessage(platform, tx, { userId: user.id, kind: 'reauthentication', to: (user.email ?? user.phone)!, channel })
  )
  await sendMessage(platform, message)
  return {}
}

/** A password change: the nonce from /reauthenticate when configured (or given), never the same password. */
async function newPasswordHash(platform: Platform, user: FullUser, password: string, nonce: string | undefined): Promise<string> {
  await checkPasswordRules(password, platform.config.auth.password)
  if (nonce) await consumeCode(platform.db, (user.email ?? user.phone)!, nonce, ['reauthentication']).catch(() => {
    throw authError(400, 'reauthentication_not_valid', 'Requires a valid reauthentication nonce')
  })
  else if (platform.config.auth.securePasswordChange) throw authError(400, 'reauthentication_needed', 'Password update requires reauthentication')
  if (user.encrypted_password && (await verifyPassword(user.encrypted_password, password)))
    throw authError(422, 'same_password', 'New password should be different from the old password.')
  return hashPassword(password)
}

/** user_metadata merged key by key; a key set to null is removed (as GoTrue does). */
function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>) {
  const merged = { ...current, ...update }
  for (const [key, value] of Object.entries(update)) if (value === null) delete merged[key]
  return merged
}

export const updateUser: Handler<Routes['authUpdateUser']> = async ({ platform, req, user: caller, body, query, ip }) => {
  const user = await findUserById(platform.db, caller.id)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const auth = platform.config.auth
  const passwordHash = body.password !== undefined ? await newPasswordHash(platform, user, body.password, body.nonce) : undefined
  const newEmail = body.email !== undefined ? parseAddress({ email: body.email }, auth) : undefined
  const changesEmail = newEmail?.channel === 'email' && newEmail.email !== user.email
  const newPhone = body.phone !== undefined ? parseAddress({ phone: body.phone }, auth) : undefined
  const changesPhone = newPhone?.channel === 'phone' && newPhone.phone !== user.phone
  if (changesEmail) await limitMessages(platform, ip, (newEmail as { email: string }).email)
  if (changesPhone) await limitMessages(platform, ip, (newPhone as { phone: string }).phone)
  const redirectTo = safeRedirect(platform, req, query.redirect_to)
  const messages: PreparedMessage[] = []
  const updated = await platform.db
    .transaction(async (tx) => {
      const current = (await findUserById(tx, user.id, { forUpdate: true }))!
      if (passwordHash) await tx.query('update users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, passwordHash])
      if (body.data)
        await tx.query('update users set raw_user_meta_data = $2, updated_at = now() where id = $1', [user.id, JSON.stringify(mergeMetadata(current.raw_user_meta_data, body.data))])
      if (changesEmail && newEmail?.channel === 'email') {
        const taken = await findUserByEmail(tx, newEmail.email)
        if (taken && taken.id !== user.id) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
        const flowStateId = body.code_challenge
          ? await createFlowState(tx, { userId: user.id, codeChallenge: body.code_challenge, method: body.code_challenge_method, authenticationMethod: 'email_change' })
          : null
        await tx.query('update users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1', [user.id, newEmail.email])
        // Both addresses confirm the change: a stolen session alone cannot move the account away.
        messages.push(await prepareMessage(platform, tx, { userId: user.id, kind: 'email_change_new', to: newEmail.email, channel: 'email', redirectTo, flowStateId }))
        if (current.email) messages.push(await prepareMessage(platform, tx, { userId: user.id, kind: 'email_change_current', to: current.email, channel: 'email', redirectTo, flowStateId }))
      }
      if (changesPhone && newPhone?.channel === 'phone') {
        const taken = await findUserByPhone(tx, newPhone.phone)
        if (taken && taken.id !== user.id) throw authError(422, 'phone_exists', 'A user with this phone number has already been registered')
        messages.push(await prepareMessage(platform, tx, { userId: user.id, kind: 'phone_change', to: newPhone.phone, channel: 'sms' }))
      }
      return (await findUserById(tx, user.id))!
    })
    .catch((error) => {
      if (error?.code === '23505') throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      throw error
    })
  for (const message of messages) await sendMessage(platform, message)
  if (passwordHash) recordAuthEvent(platform, { userId: user.id, action: 'password_changed', email: user.email })
  return toGoTrueUser(updated)
}
