// @vitest-environment node
/** Magic links and codes, confirmation, recovery, PKCE, email change, reauthentication, phone: through @supabase/auth-js. */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform'
import { authClient, catchMessages, newEmail, STRONG, type Outbox } from './auth-client'

let tp: TestPlatform
let outbox: Outbox
beforeAll(async () => {
  tp = await startTestPlatform({ rateLimits: { ...(await startTestPlatformLimits()) } })
  outbox = catchMessages(tp)
})
afterAll(async () => tp?.close())

/** Every limit off but codes per address, to prove the code-guessing limit. */
async function startTestPlatformLimits() {
  const off = { limit: 0, windowSeconds: 300 }
  return { signInPerIp: off, signInPerAccount: off, signInPerAccountNewAddresses: off, signUpPerIp: off, tokenRefreshPerIp: off, tokenRefreshPerAccount: off, otpPerIp: off, otpPerAccount: off, verifyPerIp: off, embeddedDbAuthPerIp: off, dashboardPasswordPerIp: off }
}

/** Mailed links point at the origin fixed at start (SITE_URL, or http://localhost:PORT), whatever Host asked. */
const LINK_ORIGIN = `http://localhost:${process.env.PORT || '3000'}`

/** Follows a mailed link, sent to the test server (which listens elsewhere than the fixed origin). */
async function follow(link: string, server: TestPlatform = tp) {
  const url = new URL(link)
  expect(url.origin).toBe(LINK_ORIGIN)
  const res = await fetch(new URL(url.pathname + url.search, server.url), { redirect: 'manual' })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location')!)
}

/** A POST with a Host header of the caller's choosing (fetch would send the real one). */
function postWithHost(path: string, host: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = http.request(`${tp.url}${path}`, { method: 'POST', headers: { Host: host, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
    })
    req.on('error', reject)
    req.end(data)
  })
}

describe('one-time codes and magic links', () => {
  it('signs in with a 6-digit code sent by mail, creating the user', async () => {
    const email = newEmail('otp')
    const client = authClient(tp)
    expect((await client.signInWithOtp({ email })).error).toBeNull()
    const { code } = outbox.last(email)
    const { data, error } = await client.verifyOtp({ email, token: code, type: 'email' })
    expect(error).toBeNull()
    expect(data.session!.user.email).toBe(email)
    expect(data.user!.email_confirmed_at).toBeTruthy()
    // Used once only.
    expect((await authClient(tp).verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe('otp_expired')
  })

  it('a magic link redirects with the session in the fragment', async () => {
    const email = newEmail('link')
    await authClient(tp).signUp({ email, password: STRONG })
    await authClient(tp).signInWithOtp({ email, options: { emailRedirectTo: `${tp.url}/projects` } })
    const location = await follow(outbox.last(email).link!)
    expect(location.pathname).toBe('/projects')
    const params = new URLSearchParams(location.hash.slice(1))
    expect(params.get('type')).toBe('magiclink')
    expect((await tp.call('GET', '/auth/v1/user', { token: params.get('access_token')! })).body.email).toBe(email)
  })

  it('a link to another site falls back to the dashboard; a used link redirects with the error', async () => {
    const email = newEmail('redirect')
    await authClient(tp).signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example/steal' } })
    const link = outbox.last(email).link!
    const location = await follow(link)
    expect(location.origin).not.toBe('https://evil.example')
    const again = await follow(link)
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired')
  })

  it('wrong codes are counted: after five, even the right code stops working', async () => {
    const email = newEmail('guess')
    await authClient(tp).signInWithOtp({ email })
    const { code } = outbox.last(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await authClient(tp).verifyOtp({ email, token: wrong, type: 'email' })).error?.code).toBe('otp_expired')
    expect((await authClient(tp).verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe('otp_expired')
  })

  it('OTP without an address, and create_user false for a stranger, are refused', async () => {
    const none = await tp.call('POST', '/auth/v1/otp', { body: {} })
    expect(none.body.msg).toBe('You must provide either an email or phone number.')
    const noCreate = await authClient(tp).signInWithOtp({ email: newEmail(), options: { shouldCreateUser: false } })
    expect(noCreate.error?.code).toBe('otp_disabled')
    const resend = await tp.call('POST', '/auth/v1/resend', { body: { type: 'signup' } })
    expect(resend.status).toBe(400)
  })
})

describe('PKCE', () => {
  it('the link answers a code that only the client holding the verifier can exchange', async () => {
    const email = newEmail('pkce')
    const client = authClient(tp, { flowType: 'pkce' })
    await client.signInWithOtp({ email, options: { emailRedirectTo: `${tp.url}/projects` } })
    const location = await follow(outbox.last(email).link!)
    const code = location.searchParams.get('code')!
    expect(code).toBeTruthy()
    expect(location.hash).toBe('')
    // Another client has no verifier: its exchange fails.
    expect((await authClient(tp, { flowType: 'pkce' }).exchangeCodeForSession(code)).error).toBeTruthy()
    const { data, error } = await client.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.session!.user.email).toBe(email)
  })
})

describe('recovery, email change and reauthentication', () => {
  it('recovers a password through the mailed token', async () => {
    const email = newEmail('recover')
    await authClient(tp).signUp({ email, password: STRONG })
    const client = authClient(tp)
    expect((await client.resetPasswordForEmail(email)).error).toBeNull()
    const tokenHash = new URL(outbox.last(email).link!).searchParams.get('token')!
    const { error } = await client.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(error).toBeNull()
    expect((await client.updateUser({ password: 'a brand new passphrase' })).error).toBeNull()
    expect((await authClient(tp).signInWithPassword({ email, password: 'a brand new passphrase' })).error).toBeNull()
    // Unknown addresses get the same answer.
    expect((await authClient(tp).resetPasswordForEmail(newEmail('nobody'))).error).toBeNull()
  })

  it('a recovery link points at the fixed origin, whatever Host header the caller sent', async () => {
    const email = newEmail('forged-host')
    await authClient(tp).signUp({ email, password: STRONG })
    expect(tp.platform.config.siteUrl).toBeUndefined()
    expect(await postWithHost('/auth/v1/recover', 'localhost:6666', { email })).toBe(200)
    const link = new URL(outbox.last(email).link!)
    expect(link.origin).toBe(LINK_ORIGIN)
    expect(link.pathname).toBe('/auth/v1/verify')
    expect(link.host).not.toBe('localhost:6666')
    // The redirect a forged Host asked for does not survive the link either.
    const landed = await follow(link.toString())
    expect(landed.host).not.toBe('localhost:6666')
    expect(new URLSearchParams(landed.hash.slice(1)).get('type')).toBe('recovery')
  })

  it('changes the email once both addresses confirm', async () => {
    const email = newEmail('old')
    const next = newEmail('new')
    const client = authClient(tp)
    await client.signUp({ email, password: STRONG })
    const asked = await client.updateUser({ email: next })
    expect(asked.data.user!.new_email).toBe(next)
    const first = await client.verifyOtp({ email: next, token: outbox.last(next).code, type: 'email_change' })
    expect(first.error).toBeNull()
    expect((await client.getUser()).data.user!.email).toBe(email)
    const second = await client.verifyOtp({ email, token: outbox.last(email).code, type: 'email_change' })
    expect(second.error).toBeNull()
    expect(second.data.user!.email).toBe(next)
    expect((await authClient(tp).signInWithPassword({ email: next, password: STRONG })).error).toBeNull()
  })

  it('with SECURE_PASSWORD_CHANGE a password change needs the nonce from /reauthenticate', async () => {
    const strict = await startTestPlatform({ auth: { ...tp.platform.config.auth, securePasswordChange: true } })
    try {
      const box = catchMessages(strict)
      const email = newEmail('reauth')
      const client = authClient(strict)
      await client.signUp({ email, password: STRONG })
      expect((await client.updateUser({ password: 'changed passphrase 1' })).error?.code).toBe('reauthentication_needed')
      expect((await client.reauthenticate()).error).toBeNull()
      expect((await client.updateUser({ password: 'changed passphrase 1', nonce: '000000x' })).error?.code).toBe('reauthentication_not_valid')
      expect((await client.reauthenticate()).error).toBeNull()
      expect((await client.updateUser({ password: 'changed passphrase 1', nonce: box.last(email).code })).error).toBeNull()
    } finally {
      await strict.close()
    }
  })
})

describe('an address first proven by a mailed link or code', () => {
  // MAILER_AUTOCONFIRM=true (the default): anyone can sign up with anyone's address and a password.
  async function squat(email: string) {
    const squatter = authClient(tp)
    const signUp = await squatter.signUp({ email, password: STRONG })
    expect(signUp.data.user!.email_confirmed_at).toBeTruthy()
    expect((await squatter.mfa.enroll({ factorType: 'totp', friendlyName: 'squatter' })).error).toBeNull()
    return signUp.data.session!
  }

  /** Nothing set up before the proof lets anyone in: the password STRONG, the refresh token, the access token. */
  async function expectLockedOut(email: string, session: { access_token: string; refresh_token: string }) {
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error?.code).toBe('invalid_credentials')
    const refresh = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } })
    expect(refresh.body.error_code).toBe('refresh_token_not_found')
    expect((await tp.call('GET', '/auth/v1/user', { token: session.access_token })).body.error_code).toBe('session_not_found')
  }

  it('a magic link to a squatted address shuts the squatter out: password, factors, refresh and access tokens', async () => {
    const email = newEmail('squatted-link')
    const squatter = await squat(email)
    // The owner signs in with a magic link (PKCE), never having signed up.
    const owner = authClient(tp, { flowType: 'pkce' })
    expect((await owner.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: `${tp.url}/projects` } })).error).toBeNull()
    const { data, error } = await owner.exchangeCodeForSession((await follow(outbox.last(email).link!)).searchParams.get('code')!)
    expect(error).toBeNull()
    expect(data.user!.identities!.map((i) => i.provider)).toEqual(['email'])
    expect(data.user!.factors ?? []).toEqual([])
    await expectLockedOut(email, squatter)
    // The owner's session works, and they set a password of their own.
    expect((await tp.call('GET', '/auth/v1/user', { token: data.session!.access_token })).body.email).toBe(email)
    expect((await owner.updateUser({ password: 'the owner’s own passphrase' })).error).toBeNull()
    expect((await authClient(tp).signInWithPassword({ email, password: 'the owner’s own passphrase' })).error).toBeNull()
  })

  it('recovery of a squatted address shuts the squatter out before the new password is set', async () => {
    const email = newEmail('squatted-recovery')
    const squatter = await squat(email)
    const owner = authClient(tp)
    expect((await owner.resetPasswordForEmail(email)).error).toBeNull()
    const { data, error } = await owner.verifyOtp({ email, token: outbox.last(email).code, type: 'recovery' })
    expect(error).toBeNull()
    expect(data.user!.factors ?? []).toEqual([])
    await expectLockedOut(email, squatter)
    expect((await tp.call('GET', '/auth/v1/user', { token: data.session!.access_token })).body.email).toBe(email)
    expect((await owner.updateUser({ password: 'a recovered passphrase' })).error).toBeNull()
    expect((await authClient(tp).signInWithPassword({ email, password: 'a recovered passphrase' })).error).toBeNull()
  })

  it('an address proven already keeps its password and other sessions when its owner signs in by code', async () => {
    const email = newEmail('proven-link')
    const owner = authClient(tp)
    const signUp = (await owner.signUp({ email, password: STRONG })).data.session!
    // The first code proves the address: what was set up under autoconfirm goes, even the genuine
    // owner's (the trade-off docs/auth.md states); they set their password again.
    expect((await owner.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull()
    expect((await owner.verifyOtp({ email, token: outbox.last(email).code, type: 'email' })).error).toBeNull()
    await expectLockedOut(email, signUp)
    expect((await owner.updateUser({ password: 'a passphrase kept for good' })).error).toBeNull()
    const elsewhere = (await authClient(tp).signInWithPassword({ email, password: 'a passphrase kept for good' })).data.session!
    // Signing in by code again changes nothing.
    const again = authClient(tp)
    expect((await again.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull()
    expect((await again.verifyOtp({ email, token: outbox.last(email).code, type: 'email' })).error).toBeNull()
    expect((await authClient(tp).signInWithPassword({ email, password: 'a passphrase kept for good' })).error).toBeNull()
    expect((await tp.call('GET', '/auth/v1/user', { token: elsewhere.access_token })).status).toBe(200)
    const refresh = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: elsewhere.refresh_token } })
    expect(refresh.status).toBe(200)
  })
})

describe('confirmation required (MAILER_AUTOCONFIRM=false) and phone', () => {
  let strict: TestPlatform
  let box: Outbox
  beforeAll(async () => {
    strict = await startTestPlatform({ auth: { ...tp.platform.config.auth, mailerAutoconfirm: false } })
    box = catchMessages(strict)
  })
  afterAll(async () => strict?.close())

  it('sign-up answers the user without a session until the link is followed', async () => {
    const email = newEmail('confirm')
    const { data } = await authClient(strict).signUp({ email, password: STRONG })
    expect(data.session).toBeNull()
    expect(data.user!.email).toBe(email)
    expect((await authClient(strict).signInWithPassword({ email, password: STRONG })).error?.code).toBe('email_not_confirmed')
    // A second sign-up tells nothing, and resend sends a new link.
    expect((await authClient(strict).signUp({ email, password: STRONG })).error).toBeNull()
    expect((await authClient(strict).resend({ type: 'signup', email })).error).toBeNull()
    const location = await follow(box.last(email).link!, strict)
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('signup')
    expect((await authClient(strict).signInWithPassword({ email, password: STRONG })).error).toBeNull()
  })

  it('a mailed code to an address someone signed up with but never confirmed drops their password', async () => {
    const email = newEmail('unconfirmed-squat')
    expect((await authClient(strict).signUp({ email, password: STRONG })).error).toBeNull()
    // The address's owner ignores the sign-up mail and signs in with a code: the first proof.
    const owner = authClient(strict)
    expect((await owner.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull()
    expect((await owner.verifyOtp({ email, token: box.last(email).code, type: 'email' })).error).toBeNull()
    expect((await authClient(strict).signInWithPassword({ email, password: STRONG })).error?.code).toBe('invalid_credentials')
    expect((await owner.getUser()).data.user!.email_confirmed_at).toBeTruthy()
  })

  it('a later sign-up to an address nobody confirmed replaces the earlier one: its confirmation keeps the later password', async () => {
    const email = newEmail('contested')
    const SQUATTERS = 'squatters horse battery staple'
    expect((await authClient(strict).signUp({ email, password: SQUATTERS })).error).toBeNull()
    const squattersLink = box.last(email).link!
    // The address's owner signs up with a password of their own and follows the link mailed to them.
    expect((await authClient(strict).signUp({ email, password: STRONG })).error).toBeNull()
    // A resend mails a new link, for the same sign-up.
    expect((await authClient(strict).resend({ type: 'signup', email })).error).toBeNull()
    const location = await follow(box.last(email).link!, strict)
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('signup')
    expect((await authClient(strict).signInWithPassword({ email, password: STRONG })).error).toBeNull()
    expect((await authClient(strict).signInWithPassword({ email, password: SQUATTERS })).error?.code).toBe('invalid_credentials')
    // The earlier sign-up's link no longer works.
    expect((await follow(squattersLink, strict)).hash).toContain('error_code=otp_expired')
  })

  it('phone sign-up is confirmed by the SMS code (written to the log without a provider)', async () => {
    const phone = `1555${String(Date.now()).slice(-7)}`
    const client = authClient(strict)
    const { data } = await client.signUp({ phone: `+${phone}`, password: STRONG })
    expect(data.session).toBeNull()
    const { code } = box.last(phone)
    const verified = await client.verifyOtp({ phone: `+${phone}`, token: code, type: 'sms' })
    expect(verified.error).toBeNull()
    expect(verified.data.user!.phone).toBe(phone)
    expect((await authClient(strict).signInWithPassword({ phone: `+${phone}`, password: STRONG })).error).toBeNull()
  })
})

describe('a malformed phone number', () => {
  it('is refused as GoTrue refuses it (400 validation_failed, E.164 required) before any code is looked up', async () => {
    const client = authClient(tp)
    for (const phone of ['abc15550100123', '+1-555-0100-123', '(1555) 0100123', '+0155501001', '12']) {
      const verified = await client.verifyOtp({ phone, token: '123456', type: 'sms' })
      expect(verified.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' })
      const signUp = await authClient(tp).signUp({ phone, password: STRONG })
      expect(signUp.error).toMatchObject({ status: 400, code: 'validation_failed' })
    }
    // A leading + and spaces are what GoTrue drops: such a number is well formed, and its code simply wrong.
    const wellFormed = await client.verifyOtp({ phone: '+1 555 0100 123', token: '123456', type: 'sms' })
    expect(wellFormed.error).toMatchObject({ status: 403, code: 'otp_expired' })
  })
})

describe('rate limits', () => {
  it('limits mails per address', async () => {
    const off = { limit: 0, windowSeconds: 300 }
    const limited = await startTestPlatform({ rateLimits: { ...(await startTestPlatformLimits()), otpPerAccount: { limit: 2, windowSeconds: 3600 }, otpPerIp: off } })
    try {
      catchMessages(limited)
      const email = newEmail('flood')
      expect((await authClient(limited).signInWithOtp({ email })).error).toBeNull()
      expect((await authClient(limited).signInWithOtp({ email })).error).toBeNull()
      const third = await authClient(limited).signInWithOtp({ email })
      expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    } finally {
      await limited.close()
    }
  })
})

describe('a mail server that fails', () => {
  it('answers GoTrue’s "Error sending … email", and a resend works once mail flows again', async () => {
    const { MailError } = await import('@/server/auth/mailer')
    const failing = await startTestPlatform({ auth: { ...tp.platform.config.auth, mailerAutoconfirm: false } })
    try {
      failing.platform.mailer = {
        sendMail: async () => {
          throw new MailError('connection refused')
        },
        sendSms: async () => undefined,
      }
      const email = newEmail('nomail')
      const res = await failing.call('POST', '/auth/v1/signup', { body: { email, password: STRONG } })
      expect(res.status).toBe(500)
      expect(res.body.msg).toBe('Error sending confirmation email')
      const box = catchMessages(failing)
      expect((await authClient(failing).resend({ type: 'signup', email })).error).toBeNull()
      expect(box.last(email).link).toBeTruthy()
    } finally {
      await failing.close()
    }
  })
})
