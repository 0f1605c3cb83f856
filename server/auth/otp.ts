/**
 * Passwordless and recovery flows: /otp (magic link and 6-digit code by mail, code by SMS),
 * /recover, /resend, and /verify, which completes every kind of link or code: as POST (auth-js
 * verifyOtp) answering a session, or as GET (the link in a mail) redirecting to the app with the
 * session in the fragment, or with an auth code in the query for PKCE flows.
 */
import { requireCaptcha } from './captcha'
import type { ServerResponse } from 'node:http'
import type { Routes, VerifyType } from '@/lib/api-types'
import type { Handler } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import { isPlatformError } from '../kernel/errors'
import { authError } from './gotrue-errors'
import { EMAIL_OR_PHONE, addressOf, parseAddress, parseEmail } from './credentials'
import { consumeCode, consumeTokenHash, type TokenKind, type TokenRow } from './one-time-tokens'
import { prepareMessage, sendMessage, type PreparedMessage } from './messages'
import { createFlowState, issueAuthCode } from './pkce'
import { safeRedirect, withParams } from './redirects'
import { issueSession } from './sessions'
import { dropWhatPrecededProof } from './first-proof'
import { confirmAddress, findUserByEmail, findUserById, findUserByPhone, insertUser, isBanned, upsertIdentity } from './users'
import { limitMessages } from './gotrue'
import { hit } from '../security/rate-limit'
import { recordAuthEventIn } from '../logs/auth-logs'

/** The kinds of token each /verify type completes. */
const KINDS_OF: Record<VerifyType, TokenKind[]> = {
  signup: ['confirmation'],
  invite: ['invite'],
  magiclink: ['magiclink', 'confirmation'],
  email: ['magiclink', 'confirmation', 'invite'],
  recovery: ['recovery'],
  email_change: ['email_change_current', 'email_change_new'],
  sms: ['sms_otp'],
  phone_change: ['phone_change'],
}

/** The amr method a completed token signs in with. */
const METHOD_OF: Record<TokenKind, string> = {
  confirmation: 'otp',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: 'otp',
  sms_otp: 'otp',
  phone_change: 'otp',
}

export const EMAIL_CHANGE_HALF_DONE = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

type Completion =
  | { kind: 'session'; session: Awaited<ReturnType<typeof issueSession>>; type: string }
  | { kind: 'pkce'; code: string }
  | { kind: 'message'; message: string }

async function emailIdentityId(tx: Queryable, userId: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(`select id from auth_identities where user_id = $1 and provider = 'email'`, [userId])
  return row?.id ?? null
}

/** Applies what a used token means, in the caller's transaction. */
async function complete(platform: Platform, tx: Queryable, token: TokenRow, usePkce: boolean): Promise<Completion> {
  const user = await findUserById(tx, token.user_id, { forUpdate: true })
  if (!user) throw authError(404, 'user_not_found', 'User not found')
  if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned')
  switch (token.kind) {
    case 'confirmation':
    case 'invite':
      await confirmAddress(tx, user.id, 'email', { proven: true })
      break
    case 'magiclink':
    case 'recovery': {
      // The one following the link reads the account's inbox. The first time that is shown, what
      // was set up before (perhaps by someone else, under autoconfirm) stops letting anyone in.
      const firstProof = !user.email_proven_at && !!user.email && token.relates_to === user.email
      if (firstProof) await dropWhatPrecededProof(tx, user.id, { identityId: await emailIdentityId(tx, user.id), flowStateId: token.flow_state_id })
      await confirmAddress(tx, user.id, 'email', { proven: firstProof })
      break
    }
    case 'sms_otp':
      await confirmAddress(tx, user.id, 'phone')
      break
    case 'phone_change':
      await tx.query('update users set phone = $2, phone_confirmed_at = now(), updated_at = now() where id = $1', [user.id, token.relates_to])
      await upsertIdentity(tx, user.id, 'phone', user.id, { sub: user.id, phone: token.relates_to, phone_verified: true })
      break
    case 'email_change_current':
    case 'email_change_new': {
      if (!user.email_change) throw authError(403, 'otp_expired', 'Token has expired or is invalid')
      const needed = user.email ? 2 : 1
      const [{ email_change_confirm_status: done }] = await tx.query<{ email_change_confirm_status: number }>(
        'update users set email_change_confirm_status = email_change_confirm_status + 1 where id = $1 returning email_change_confirm_status',
        [user.id]
      )
      if (done < needed) return { kind: 'message', message: EMAIL_CHANGE_HALF_DONE }
      const taken = await findUserByEmail(tx, user.email_change)
      if (taken && taken.id !== user.id) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      await tx.query(
        `update users set email = email_change, email_change = null, email_change_confirm_status = 0, email_confirmed_at = now(),
           email_proven_at = now(), is_anonymous = false, updated_at = now() where id = $1`,
        [user.id]
      )
      await upsertIdentity(tx, user.id, 'email', user.id, { sub: user.id, email: user.email_change, email_verified: true, phone_verified: false })
      break
    }
    case 'reauthentication':
      throw authError(403, 'otp_expired', 'Token has expired or is invalid')
  }
  await tx.query('update users set last_sign_in_at = now() where id = $1', [user.id])
  const fresh = (await findUserById(tx, user.id))!
  const type = token.kind === 'confirmation' ? 'signup' : token.kind.startsWith('email_change') ? 'email_change' : token.kind === 'sms_otp' ? 'sms' : token.kind
  if (usePkce && token.flow_state_id) {
    return { kind: 'pkce', code: await issueAuthCode(tx, token.flow_state_id, user.id) }
  }
  return { kind: 'session', session: await issueSession(platform, tx, fresh, { method: METHOD_OF[token.kind] }), type }
}

export const verifyPost: Handler<Routes['authVerify']> = async ({ platform, body }) => {
  const kinds = KINDS_OF[body.type]
  const token = body.token_hash
    ? await platform.db.transaction((tx) => consumeTokenHash(tx, body.token_hash!, kinds))
    : body.token
      ? await consumeCode(platform.db, addressOf(parseAddress(body, platform.config.auth)), body.token, kinds)
      : (() => {
          throw authError(400, 'validation_failed', 'Verify requires either a token_hash, or a token with an email or a phone number')
        })()
  const done = await platform.db.transaction((tx) => complete(platform, tx, token, false))
  if (done.kind === 'message') return { msg: done.message, code: 200 }
  if (done.kind === 'pkce') throw new Error('unreachable: POST /verify does not use PKCE codes')
  return done.session
}

export const verifyGet: Handler<Routes['authVerifyLink']> = async ({ platform, req, res, query, ip }) => {
  let target = safeRedirect(platform, req, query.redirect_to)
  let location: string
  try {
    // Counted here, not by the route's declaration: a link's 429 leads back to the app like its other refusals.
    await hit(platform, 'verify:ip', ip, platform.config.rateLimits.verifyPerIp)
    const kinds = KINDS_OF[query.type]
    const done = await platform.db.transaction(async (tx) => {
      const token = await consumeTokenHash(tx, query.token, kinds)
      // The address asked for when the mail was sent wins over the link's own parameter.
      if (token.redirect_to) target = safeRedirect(platform, req, token.redirect_to)
      return complete(platform, tx, token, true)
    })
    if (done.kind === 'message') location = withParams(target, { message: done.message }, 'fragment')
    else if (done.kind === 'pkce') location = withParams(target, { code: done.code }, 'query')
    else {
      const s = done.session
      location = withParams(
        target,
        { access_token: s.access_token, expires_at: String(s.expires_at), expires_in: String(s.expires_in), refresh_token: s.refresh_token, token_type: 'bearer', type: done.type },
        'fragment'
      )
    }
  } catch (error) {
    if (!isPlatformError(error)) throw error
    const code = typeof error.extra.error_code === 'string' ? error.extra.error_code : 'unexpected_failure'
    location = withParams(target, { error: 'access_denied', error_code: code, error_description: error.message }, 'fragment')
  }
  redirect(res, location)
  return undefined
}

function redirect(res: ServerResponse, location: string) {
  res.statusCode = 303
  res.setHeader('Location', location)
  res.setHeader('Cache-Control', 'no-store')
  res.end()
}

async function flowFor(tx: Queryable, body: { code_challenge?: string; code_challenge_method?: string }, userId: string, method: string) {
  return body.code_challenge ? createFlowState(tx, { userId, codeChallenge: body.code_challenge, method: body.code_challenge_method, authenticationMethod: method }) : null
}

export const otp: Handler<Routes['authOtp']> = async ({ platform, req, body, query, ip }) => {
  const auth = platform.config.auth
  const address = parseAddress(body, auth, EMAIL_OR_PHONE)
  const to = addressOf(address)
  await limitMessages(platform, ip, to)
  const redirectTo = safeRedirect(platform, req, query.redirect_to)
  const find = (db: Queryable) => (address.channel === 'email' ? findUserByEmail(db, address.email) : findUserByPhone(db, address.phone))
  // An account made here is a sign-up: with a captcha configured it passes one, as /signup does.
  // Checked before the transaction (it calls the captcha service); signing in needs none.
  let captchaPassed = false
  if (platform.config.captcha && body.create_user && !(await find(platform.db))) {
    await requireCaptcha(platform, body.gotrue_meta_security?.captcha_token, ip)
    captchaPassed = true
  }
  const message = await platform.db
    .transaction(async (tx) => {
      let user = await find(tx)
      if (!user) {
        if (!body.create_user) throw authError(422, 'otp_disabled', 'Signups not allowed for otp')
        if (auth.disableSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
        if (platform.config.captcha && !captchaPassed) throw authError(400, 'captcha_failed', 'captcha protection: request disallowed (no captcha_token found)')
        user = await insertUser(tx, { ...(address.channel === 'email' ? { email: address.email } : { phone: address.phone }), userMetadata: body.data })
      }
      if (isBanned(user)) return null
      if (address.channel === 'phone') return prepareMessage(platform, tx, { userId: user.id, kind: 'sms_otp', to, channel: 'sms' })
      // An unconfirmed account with a password was signed up by someone who never proved the address:
      // signing in with its mail is a magic link (a first proof, which drops that password), not
      // the confirmation of their sign-up.
      const kind: TokenKind = user.email_confirmed_at || user.encrypted_password ? 'magiclink' : 'confirmation'
      const flowStateId = await flowFor(tx, body, user.id, kind === 'magiclink' ? 'magiclink' : 'email/signup')
      return prepareMessage(platform, tx, { userId: user.id, kind, to, channel: 'email', redirectTo, flowStateId })
    })
    .catch((error) => {
      if (error?.code === '23505') throw authError(429, 'over_request_rate_limit', 'Another request for this address is in progress; try again in a moment')
      throw error
    })
  if (message) await sendMessage(platform, message)
  return {}
}

export const recover: Handler<Routes['authRecover']> = async ({ platform, req, body, query, ip }) => {
  if (!body.email) throw authError(400, 'validation_failed', 'Password recovery requires an email')
  const email = parseEmail(body.email)
  await limitMessages(platform, ip, email)
  const redirectTo = safeRedirect(platform, req, query.redirect_to)
  const message = await platform.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    // Unknown addresses get the same answer: recovery tells nobody which accounts exist.
    if (!user || isBanned(user)) return null
    const flowStateId = await flowFor(tx, body, user.id, 'recovery')
    await recordAuthEventIn(tx, { userId: user.id, action: 'password_recovery_requested', email })
    return prepareMessage(platform, tx, { userId: user.id, kind: 'recovery', to: email, channel: 'email', redirectTo, flowStateId })
  })
  if (message) await sendMessage(platform, message)
  return {}
}

export const resend: Handler<Routes['authResend']> = async ({ platform, req, body, query, ip }) => {
  const address = parseAddress(body, platform.config.auth, EMAIL_OR_PHONE)
  const to = addressOf(address)
  if ((body.type === 'sms' || body.type === 'phone_change') !== (address.channel === 'phone'))
    throw authError(400, 'validation_failed', `Resend of type ${body.type} needs ${address.channel === 'phone' ? 'an email' : 'a phone number'}`)
  await limitMessages(platform, ip, to)
  const redirectTo = safeRedirect(platform, req, query.redirect_to)
  const message: PreparedMessage | null = await platform.db.transaction(async (tx) => {
    if (body.type === 'email_change' || body.type === 'phone_change') {
      const [user] = await tx.query<{ id: string }>(
        body.type === 'email_change' ? 'select id from users where email_change = $1' : `select user_id as id from auth_one_time_tokens where kind = 'phone_change' and relates_to = $1`,
        [to]
      )
      if (!user) return null
      return prepareMessage(platform, tx, { userId: user.id, kind: body.type === 'email_change' ? 'email_change_new' : 'phone_change', to, channel: body.type === 'email_change' ? 'email' : 'sms', redirectTo })
    }
    const user = address.channel === 'email' ? await findUserByEmail(tx, address.email) : await findUserByPhone(tx, address.phone)
    // Only an address still waiting for confirmation gets a new message; the answer is the same either way.
    if (!user || (address.channel === 'email' ? user.email_confirmed_at : user.phone_confirmed_at)) return null
    return prepareMessage(platform, tx, { userId: user.id, kind: address.channel === 'email' ? 'confirmation' : 'sms_otp', to, channel: address.channel === 'email' ? 'email' : 'sms', redirectTo })
  })
  if (message) await sendMessage(platform, message)
  return {}
}
