// @vitest-environment node
/** TOTP factors (codes computed with otpauth) and the admin API with the service role's key: through @supabase/auth-js. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { decodeJwt } from 'jose'
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform'
import { signServiceToken } from '@/server/auth/jwt'
import { adminClient, authClient, catchMessages, newEmail, STRONG, type Outbox } from './auth-client'

let tp: TestPlatform
let outbox: Outbox
beforeAll(async () => {
  tp = await startTestPlatform()
  outbox = catchMessages(tp)
})
afterAll(async () => tp?.close())

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 })

describe('TOTP multi-factor authentication', () => {
  it('enroll → verify raises to aal2; the next sign-in needs the code; codes are not accepted twice', async () => {
    const email = newEmail('mfa')
    const client = authClient(tp)
    await client.signUp({ email, password: STRONG })
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' })
    expect(enrolled.error).toBeNull()
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string; qr_code: string; uri: string } }
    // auth-js adds the data-URI prefix to GoTrue's bare SVG: one prefix, then the SVG.
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /)
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\//)
    const duplicate = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' })
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict')

    const code = codeFor(totp.secret)
    const verified = await client.mfa.challengeAndVerify({ factorId: id, code })
    expect(verified.error).toBeNull()
    const token = (await client.getSession()).data.session!.access_token
    expect(decodeJwt(token)).toMatchObject({ aal: 'aal2', amr: expect.arrayContaining([expect.objectContaining({ method: 'totp' })]) })
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })

    const next = authClient(tp)
    await next.signInWithPassword({ email, password: STRONG })
    expect((await next.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    // The code just used is refused: a replayed code does not sign in.
    const replay = await next.mfa.challengeAndVerify({ factorId: id, code })
    expect(replay.error?.code).toBe('mfa_verification_failed')
    const wrong = await next.mfa.challengeAndVerify({ factorId: id, code: '000000' === code ? '111111' : '000000' })
    expect(wrong.error?.code).toBe('mfa_verification_failed')
    // Removing a verified factor needs aal2.
    expect((await next.mfa.unenroll({ factorId: id })).error?.code).toBe('insufficient_aal')
    const fresh = await next.mfa.challengeAndVerify({ factorId: id, code: codeFor(totp.secret, 1) })
    expect(fresh.error).toBeNull()
    expect((await next.mfa.listFactors()).data!.totp).toHaveLength(1)
    expect((await next.mfa.unenroll({ factorId: id })).error).toBeNull()
    expect((await next.getUser()).data.user!.factors ?? []).toHaveLength(0)
  })

  it("another user's factor is not found", async () => {
    const a = authClient(tp)
    await a.signUp({ email: newEmail('a'), password: STRONG })
    const factor = (await a.mfa.enroll({ factorType: 'totp' })).data!
    const b = authClient(tp)
    await b.signUp({ email: newEmail('b'), password: STRONG })
    expect((await b.mfa.challenge({ factorId: factor.id })).error?.code).toBe('mfa_factor_not_found')
    expect((await b.mfa.unenroll({ factorId: factor.id })).error?.code).toBe('mfa_factor_not_found')
  })
})

describe('admin API (service role)', () => {
  it('creates, lists with paging, reads, updates, bans and deletes users', async () => {
    const admin = await adminClient(tp)
    const emails = [newEmail('adm'), newEmail('adm'), newEmail('adm')]
    for (const email of emails) {
      const created = await admin.createUser({ email, password: STRONG, email_confirm: true, user_metadata: { team: 'x' } })
      expect(created.error).toBeNull()
    }
    const page = await admin.listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    expect(page.data.users).toHaveLength(2)
    expect((page.data as { total: number }).total).toBeGreaterThanOrEqual(3)
    expect((page.data as { nextPage: number | null }).nextPage).toBe(2)
    const id = (await admin.createUser({ email: newEmail('adm'), password: STRONG, email_confirm: true })).data.user!.id
    expect((await admin.getUserById(id)).data.user!.id).toBe(id)
    const signedIn = await authClient(tp).signInWithPassword({ email: (await admin.getUserById(id)).data.user!.email!, password: STRONG })
    expect(signedIn.error).toBeNull()
    await admin.updateUserById(id, { ban_duration: '24h', user_metadata: { note: 'banned' } })
    expect((await tp.call('GET', '/auth/v1/user', { token: signedIn.data.session!.access_token })).status).toBe(403)
    expect((await authClient(tp).signInWithPassword({ email: signedIn.data.user!.email!, password: STRONG })).error?.code).toBe('user_banned')
    expect((await admin.deleteUser(id)).error).toBeNull()
    expect((await admin.getUserById(id)).error?.code).toBe('user_not_found')
    const exists = await admin.createUser({ email: emails[0] })
    expect(exists.error?.code).toBe('email_exists')
  })

  it('confirms the email of a user created unconfirmed', async () => {
    const admin = await adminClient(tp)
    const email = newEmail('unconfirmed')
    const created = await admin.createUser({ email, password: STRONG })
    expect(created.error).toBeNull()
    expect(created.data.user!.email_confirmed_at).toBeFalsy()
    const confirmed = await admin.updateUserById(created.data.user!.id, { email_confirm: true })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.user!.email_confirmed_at).toBeTruthy()
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error).toBeNull()
  })

  it('lists users with the empty page and per_page that listUsers() sends by default', async () => {
    const admin = await adminClient(tp)
    await admin.createUser({ email: newEmail('listed'), password: STRONG, email_confirm: true })
    const all = await admin.listUsers()
    expect(all.error).toBeNull()
    expect(all.data.users.length).toBeGreaterThan(0)
    // GoTrue's default page size is 50.
    expect(all.data.users.length).toBe(Math.min(50, (all.data as { total: number }).total))
    expect((await tp.call('GET', '/auth/v1/admin/users?page=0', { token: await signServiceToken(tp.platform.jwtSecret, 60) })).status).toBe(400)
  })

  it('generates every kind of link, and the links work', async () => {
    const admin = await adminClient(tp)
    const email = newEmail('gen')
    const signup = await admin.generateLink({ type: 'signup', email, password: STRONG })
    expect(signup.error).toBeNull()
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', email_otp: expect.stringMatching(/^\d{6}$/) })
    const confirmed = await authClient(tp).verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' })
    expect(confirmed.error).toBeNull()
    for (const type of ['magiclink', 'recovery'] as const) {
      const link = await admin.generateLink({ type, email })
      expect(link.error).toBeNull()
      expect(link.data.properties!.action_link).toContain(`type=${type}`)
      expect((await authClient(tp).verifyOtp({ token_hash: link.data.properties!.hashed_token, type })).error).toBeNull()
    }
    const change = await admin.generateLink({ type: 'email_change_new', email, newEmail: newEmail('gen-new') })
    expect(change.data.properties!.verification_type).toBe('email_change')
    const invite = await admin.generateLink({ type: 'invite', email: newEmail('gen-invite') })
    expect(invite.data.user!.invited_at).toBeTruthy()
  })

  it('invites by mail; lists and deletes a user’s factors', async () => {
    const admin = await adminClient(tp)
    const email = newEmail('invited')
    const invited = await admin.inviteUserByEmail(email)
    expect(invited.error).toBeNull()
    const { code } = outbox.last(email)
    expect((await authClient(tp).verifyOtp({ email, token: code, type: 'invite' })).error).toBeNull()

    const client = authClient(tp)
    const user = (await client.signUp({ email: newEmail('f'), password: STRONG })).data.user!
    const factor = (await client.mfa.enroll({ factorType: 'totp' })).data!
    const listed = await admin.mfa.listFactors({ userId: user.id })
    expect(listed.data!.factors.map((f) => f.id)).toEqual([factor.id])
    expect((await admin.mfa.deleteFactor({ userId: user.id, id: factor.id })).error).toBeNull()
    expect((await admin.mfa.listFactors({ userId: user.id })).data!.factors).toEqual([])
  })

  it('does not delete the only Owner of an organization', async () => {
    const admin = await adminClient(tp)
    const client = authClient(tp)
    const { user, session } = (await client.signUp({ email: newEmail('owner'), password: STRONG })).data
    await tp.call('POST', '/platform/profile', { token: session!.access_token })
    await tp.call('POST', '/platform/organizations', { token: session!.access_token, body: { name: 'Kept Org' } })
    const refused = await admin.deleteUser(user!.id)
    expect(refused.error?.message).toContain('only Owner of Kept Org')
    expect((await admin.getUserById(user!.id)).data.user).toBeTruthy()
  })

  it('refuses users, and tokens signed with another secret', async () => {
    const user = authClient(tp)
    const token = (await user.signUp({ email: newEmail(), password: STRONG })).data.session!.access_token
    expect((await tp.call('GET', '/auth/v1/admin/users', { token })).status).toBe(403)
    expect((await tp.call('GET', '/auth/v1/admin/users')).status).toBe(401)
  })

  it("lists and deletes a user's passkeys (none here); an unknown user or passkey is not found", async () => {
    const admin = await adminClient(tp)
    const { data } = await admin.createUser({ email: newEmail('passkeys'), password: STRONG, email_confirm: true })
    const listed = await admin.passkey.listPasskeys({ userId: data.user!.id })
    expect(listed).toEqual({ data: [], error: null })
    const missing = await admin.passkey.deletePasskey({ userId: data.user!.id, passkeyId: '00000000-0000-4000-8000-000000000000' })
    expect(missing.error).toMatchObject({ status: 404, code: 'validation_failed', message: 'Passkey not found' })
    const nobody = await admin.passkey.listPasskeys({ userId: '00000000-0000-4000-8000-000000000000' })
    expect(nobody.error).toMatchObject({ status: 404, code: 'user_not_found' })
  })

  it('answers GoTrue’s feature_disabled for the OAuth 2.1 server and custom providers, every method', async () => {
    const admin = await adminClient(tp)
    const answers = await Promise.all([
      admin.oauth.listClients(),
      admin.oauth.createClient({ client_name: 'App', redirect_uris: ['https://app.example.com/cb'] }),
      admin.oauth.getClient('abc'),
      admin.oauth.updateClient('abc', { client_name: 'New' }),
      admin.oauth.deleteClient('abc'),
      admin.oauth.regenerateClientSecret('abc'),
      admin.customProviders.listProviders(),
      admin.customProviders.getProvider('acme'),
      admin.customProviders.deleteProvider('acme'),
    ])
    for (const answer of answers) expect(answer.error).toMatchObject({ status: 404, code: 'feature_disabled' })
    expect(answers[0].error?.message).toBe('OAuth server is disabled')
    expect(answers[6].error?.message).toBe('Custom OAuth providers are disabled')
    const register = await tp.call('POST', '/auth/v1/oauth/clients/register', { body: { client_name: 'App' } })
    expect(register.status).toBe(404)
  })
})

describe('the platform API and the second factor', () => {
  it('refuses an aal1 session of a user with a verified factor, and serves it at aal2', async () => {
    const email = newEmail('gate')
    const client = authClient(tp)
    await client.signUp({ email, password: STRONG })
    const { id, totp } = (await client.mfa.enroll({ factorType: 'totp' })).data as { id: string; totp: { secret: string } }
    await client.mfa.challengeAndVerify({ factorId: id, code: codeFor(totp.secret) })
    const next = authClient(tp)
    const aal1 = (await next.signInWithPassword({ email, password: STRONG })).data.session!.access_token
    const refused = await tp.call('GET', '/platform/organizations', { token: aal1 })
    expect(refused.status).toBe(401)
    expect(refused.body.message).toContain('authenticator app')
    // The auth service still answers it: that is where the code is verified.
    expect((await tp.call('GET', '/auth/v1/user', { token: aal1 })).status).toBe(200)
    await next.mfa.challengeAndVerify({ factorId: id, code: codeFor(totp.secret, 1) })
    const aal2 = (await next.getSession()).data.session!.access_token
    expect((await tp.call('POST', '/platform/profile', { token: aal2 })).status).toBe(201)
  })
})
