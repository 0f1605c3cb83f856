// @vitest-environment node
/** Sign-up, sign-in, the token's claims and its keys, the user, errors as GoTrue words them: through @supabase/auth-js. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthApiError, AuthWeakPasswordError } from '@supabase/auth-js'
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from 'jose'
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform'
import { adminClient, authClient, newEmail, STRONG } from './auth-client'
import { signServiceToken } from '@/server/auth/jwt'
import { SigningKeys } from '@/server/auth/signing-keys'
import { issuePasswordSession } from '@/server/auth/gotrue'
import { findUserById } from '@/server/auth/users'
import { dropWhatPrecededProof } from '@/server/auth/first-proof'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => tp?.close())

describe('sign-up and sign-in', () => {
  it('answers a session whose token carries GoTrue claims, signed with a published key', async () => {
    const client = authClient(tp)
    const email = newEmail()
    const { data, error } = await client.signUp({ email, password: STRONG, options: { data: { first_name: 'Ada' } } })
    expect(error).toBeNull()
    const token = data.session!.access_token
    const claims = decodeJwt(token)
    expect(claims).toMatchObject({
      iss: expect.stringMatching(/\/auth\/v1$/),
      aud: 'authenticated',
      sub: data.user!.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      session_id: expect.any(String),
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada' },
    })
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(claims.exp! - claims.iat!).toBe(tp.platform.config.accessTokenTtlSeconds)
    const header = decodeProtectedHeader(token)
    expect(header.alg).toBe('ES256')
    // Verified with nothing but the published key set.
    const keys = createRemoteJWKSet(new URL(`${tp.url}/auth/v1/.well-known/jwks.json`))
    await expect(jwtVerify(token, keys, { audience: 'authenticated' })).resolves.toBeTruthy()
    const local = await client.getClaims()
    expect(local.data?.claims.sub).toBe(data.user!.id)
  })

  it('GET /user answers the email identity; PUT /user changes data and password', async () => {
    const client = authClient(tp)
    const email = newEmail()
    await client.signUp({ email, password: STRONG, options: { data: { a: 1, b: 2 } } })
    const { data } = await client.getUser()
    expect(data.user!.identities).toEqual([expect.objectContaining({ provider: 'email', identity_data: expect.objectContaining({ email, email_verified: true }) })])
    const updated = await client.updateUser({ data: { b: null, c: 3 } })
    expect(updated.data.user!.user_metadata).toEqual({ a: 1, c: 3 })
    const same = await client.updateUser({ password: STRONG })
    expect(same.error).toBeInstanceOf(AuthApiError)
    expect(same.error!.code).toBe('same_password')
    const weak = await client.updateUser({ password: 'abc' })
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError)
    expect((await client.updateUser({ password: 'another strong passphrase 42' })).error).toBeNull()
    const again = await authClient(tp).signInWithPassword({ email, password: 'another strong passphrase 42' })
    expect(again.error).toBeNull()
  })

  it('words failures as SPEC §5 and §8 do, with error codes', async () => {
    const client = authClient(tp)
    const bad = await client.signInWithPassword({ email: newEmail(), password: 'wrong password' })
    expect(bad.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    const res = await fetch(`${tp.url}/auth/v1/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com' }) })
    expect(await res.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'You must provide either an email or phone number and a password' })
    const versioned = await fetch(`${tp.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: 'x@example.com' }),
    })
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await versioned.json()).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed' })
    const noSession = await authClient(tp).updateUser({ data: {} })
    expect(noSession.error?.message).toBe('Auth session missing!')
  })

  it('signing out ends the session; 401/403/404 on sign-out are ignored by the client', async () => {
    const client = authClient(tp)
    await client.signUp({ email: newEmail(), password: STRONG })
    const token = (await client.getSession()).data.session!.access_token
    expect((await client.signOut()).error).toBeNull()
    const after = await tp.call('GET', '/auth/v1/user', { token })
    expect(after.status).toBe(403)
    expect(after.body.error_code).toBe('session_not_found')
    expect((await client.signOut()).error).toBeNull()
  })
})

describe('a password checked before its account changed', () => {
  // The password grant checks the password, then writes the session in a transaction: what
  // committed in between (a first proof of the address dropping the password, a password change)
  // must not leave a session for the password that was checked.
  it('gives no session once the password was dropped or changed since it was checked', async () => {
    const email = newEmail('stale')
    const { data } = await authClient(tp).signUp({ email, password: STRONG })
    const userId = data.user!.id
    const checked = (await findUserById(tp.platform.db, userId))!
    await tp.platform.db.query("update users set encrypted_password = 'changed' where id = $1", [userId])
    await expect(issuePasswordSession(tp.platform, checked, 'email', '127.0.0.1')).rejects.toMatchObject({ status: 400, extra: { error_code: 'invalid_credentials' } })
    const changed = (await findUserById(tp.platform.db, userId))!
    await tp.platform.db.transaction((tx) => dropWhatPrecededProof(tx, userId, { identityId: null }))
    await expect(issuePasswordSession(tp.platform, changed, 'email', '127.0.0.1')).rejects.toMatchObject({ status: 400, extra: { error_code: 'invalid_credentials' } })
    expect(await tp.platform.db.query('select 1 from auth_sessions where user_id = $1', [userId])).toEqual([])
    // The snapshot still right: a session.
    await tp.platform.db.query("update users set encrypted_password = 'again' where id = $1", [userId])
    const fresh = (await findUserById(tp.platform.db, userId))!
    expect((await issuePasswordSession(tp.platform, fresh, 'email', '127.0.0.1')).user.id).toBe(userId)
  })
})

describe("the platform's password rule (SPEC §5: score 4), enforced by the server too", () => {
  const weakOne = (error: unknown, reasons: string[]) => {
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons })
  }

  it('refuses a weak password on sign-up, saying why as the dashboard does, and creates nobody', async () => {
    const email = newEmail('weak')
    const common = await authClient(tp).signUp({ email, password: 'password123' })
    weakOne(common.error, ['strength'])
    expect(common.error!.message).toMatch(/You need a stronger password\.$/)
    const short = await authClient(tp).signUp({ email, password: 'abc' })
    weakOne(short.error, ['length', 'strength'])
    // GoTrue's length message, then the strength warning and rule the dashboard shows (SPEC §5).
    expect(short.error!.message).toBe('Password should be at least 6 characters. Common character sequences like "abc" are easy to guess. You need a stronger password.')
    const raw = await tp.call('POST', '/auth/v1/signup', { body: { email, password: 'hunter2hunter2' } })
    expect(raw.status).toBe(422)
    expect(raw.body).toMatchObject({ error_code: 'weak_password', weak_password: { reasons: ['strength'] } })
    const [{ count }] = await tp.platform.db.query<{ count: number }>('select count(*)::int as count from users where email = $1', [email])
    expect(count).toBe(0)
  })

  it('refuses a weak password on a password change and through the admin API', async () => {
    const client = authClient(tp)
    const email = newEmail('weak-change')
    expect((await client.signUp({ email, password: STRONG })).error).toBeNull()
    weakOne((await client.updateUser({ password: 'hunter2hunter2' })).error, ['strength'])
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error).toBeNull()

    const admin = await adminClient(tp)
    const created = await admin.createUser({ email: newEmail('weak-admin'), password: 'qwerty', email_confirm: true })
    expect(created.error).toMatchObject({ status: 422, code: 'weak_password' })
    const user = (await admin.createUser({ email: newEmail('weak-admin'), password: STRONG, email_confirm: true })).data.user!
    const updated = await admin.updateUserById(user.id, { password: 'letmein1' })
    expect(updated.error).toMatchObject({ status: 422, code: 'weak_password' })
    const link = await admin.generateLink({ type: 'signup', email: newEmail('weak-link'), password: 'password' })
    expect(link.error).toMatchObject({ status: 422, code: 'weak_password' })
  })

  it('follows PASSWORD_MIN_LENGTH and PASSWORD_MIN_SCORE (0: GoTrue\'s length rule alone)', async () => {
    const rule = tp.platform.config.auth.password
    const before = { ...rule }
    try {
      Object.assign(rule, { minLength: 12, minScore: 0 })
      expect((await authClient(tp).signUp({ email: newEmail('gotrue-rule'), password: 'hunter2hunter2' })).error).toBeNull()
      weakOne((await authClient(tp).signUp({ email: newEmail('gotrue-rule'), password: 'abcdefgh' })).error, ['length'])
      Object.assign(rule, { minLength: 6, minScore: 3 })
      expect((await authClient(tp).signUp({ email: newEmail('gotrue-rule'), password: 'tulip garden' })).error).toBeNull() // score 3
      Object.assign(rule, { minLength: 6, minScore: 4 })
      weakOne((await authClient(tp).signUp({ email: newEmail('gotrue-rule'), password: 'tulip garden' })).error, ['strength'])
    } finally {
      Object.assign(rule, before)
    }
  })
})

describe('signing keys', () => {
  it('rotation: new tokens use the new key, old ones stay valid until they expire, both are published', async () => {
    const client = authClient(tp)
    await client.signUp({ email: newEmail(), password: STRONG })
    const before = (await client.getSession()).data.session!.access_token
    const service = await signServiceToken(tp.platform.jwtSecret, 60)
    const rotated = await tp.call('POST', '/platform/auth/signing-keys/rotate', { token: service })
    expect(rotated.status).toBe(200)
    const refreshed = await client.refreshSession()
    const after = refreshed.data.session!.access_token
    expect(decodeProtectedHeader(after).kid).toBe(rotated.body.kid)
    expect(decodeProtectedHeader(before).kid).not.toBe(rotated.body.kid)
    expect((await tp.call('GET', '/auth/v1/user', { token: before })).status).toBe(200)
    const published = (await tp.call('GET', '/auth/v1/.well-known/jwks.json')).body.keys.map((k: { kid: string }) => k.kid)
    expect(published).toEqual(expect.arrayContaining([decodeProtectedHeader(before).kid, rotated.body.kid]))
    expect(JSON.stringify(published)).not.toContain('"d"')
    // Only the service role rotates.
    expect((await tp.call('POST', '/platform/auth/signing-keys/rotate', { token: after })).status).toBe(403)
  })

  it('a token signed by an unknown key or with another algorithm is refused', async () => {
    const forged = await signServiceToken(tp.platform.jwtSecret, 60) // HS256, no kid
    expect((await tp.call('GET', '/auth/v1/user', { token: forged })).status).toBe(403)
  })
})

describe('signing keys in GoTrue\'s own format (GOTRUE_JWT_KEYS: an array, key_ops saying which key signs)', () => {
  let gotrue: TestPlatform | undefined
  afterAll(async () => gotrue?.close())

  /** As GoTrue's tooling writes a key: kid, alg, use, key_ops, ext, and the private part. */
  const gotrueKey = async (kid: string, keyOps: string[]) => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    return { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig', key_ops: keyOps, ext: true }
  }

  it('starts with them: the key with "sign" signs, the others are published to verify', async () => {
    const keys = [await gotrueKey('verifies-only', ['verify']), await gotrueKey('signs', ['sign', 'verify'])]
    gotrue = await startTestPlatform({ auth: { ...tp.platform.config.auth, signingKeys: JSON.stringify(keys) } })
    const client = authClient(gotrue)
    const { data, error } = await client.signUp({ email: newEmail('gotrue-keys'), password: STRONG })
    expect(error).toBeNull()
    expect(decodeProtectedHeader(data.session!.access_token).kid).toBe('signs')
    expect((await gotrue.call('GET', '/auth/v1/user', { token: data.session!.access_token })).status).toBe(200)
    const published = (await gotrue.call('GET', '/auth/v1/.well-known/jwks.json')).body.keys
    expect(published.map((k: { kid: string }) => k.kid).sort()).toEqual(['signs', 'verifies-only'])
    for (const key of published) expect(key).toMatchObject({ use: 'sig', key_ops: ['verify'], alg: 'ES256' })
    expect(JSON.stringify(published)).not.toContain('"d"')
    const jwks = createRemoteJWKSet(new URL(`${gotrue.url}/auth/v1/.well-known/jwks.json`))
    await expect(jwtVerify(data.session!.access_token, jwks)).resolves.toBeTruthy()
  })
})

describe('keys read again while signing', () => {
  it('signs inside a transaction of the embedded control plane without waiting on itself, and picks up a rotation by another instance', async () => {
    // Refreshed on every signature: a refresh awaited inside the sign-up's transaction would never end.
    const keys = new SigningKeys(tp.platform.db, 3600, undefined, 0)
    await keys.init()
    tp.platform.signingKeys = keys
    const { data, error } = await authClient(tp).signUp({ email: newEmail('stale'), password: STRONG })
    expect(error).toBeNull()
    const other = new SigningKeys(tp.platform.db, 3600)
    await other.init()
    const { kid } = await other.rotate()
    await keys.signer() // notices, and reads the keys again in the background
    await keys.reload()
    expect((await keys.signer()).kid).toBe(kid)
    expect(data.session).toBeTruthy()
  })
})

describe('settings, health, disabled features', () => {
  it('answers settings and health', async () => {
    const settings = await authClient(tp)
    void settings
    expect((await tp.call('GET', '/auth/v1/settings')).body).toMatchObject({ external: { email: true, phone: true, anonymous_users: false }, mailer_autoconfirm: true })
    expect((await tp.call('GET', '/auth/v1/health')).body).toMatchObject({ name: 'GoTrue' })
  })

  it('anonymous sign-in, SSO and OAuth answer GoTrue’s disabled errors', async () => {
    const client = authClient(tp)
    const anon = await client.signInAnonymously()
    expect(anon.error?.code).toBe('anonymous_provider_disabled')
    const sso = await client.signInWithSSO({ domain: 'example.com' })
    expect(sso.error?.code).toBe('saml_provider_disabled')
    const admin = await adminClient(tp)
    const clients = await admin.oauth.listClients()
    expect(clients.error).toBeTruthy()
  })
})

describe('configured differently', () => {
  let other: TestPlatform
  beforeAll(async () => {
    other = await startTestPlatform({ auth: { ...tp.platform.config.auth, enableAnonymousSignIns: true, disableSignup: true, corsOrigins: ['https://app.example.com'] } })
  })
  afterAll(async () => other?.close())

  it('anonymous sign-in works when enabled; sign-ups can be disabled', async () => {
    const anon = await authClient(other).signInAnonymously()
    expect(anon.error).toBeNull()
    expect(anon.data.user!.is_anonymous).toBe(true)
    expect(decodeJwt(anon.data.session!.access_token).is_anonymous).toBe(true)
    const signUp = await authClient(other).signUp({ email: newEmail(), password: STRONG })
    expect(signUp.error?.code).toBe('signup_disabled')
  })

  it('answers CORS preflights for configured origins only, and lets them call', async () => {
    const preflight = await fetch(`${other.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, authorization' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    const stranger = await fetch(`${other.url}/auth/v1/token?grant_type=password`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } })
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull()
    const call = (origin: string) =>
      fetch(`${other.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
      })
    const allowed = await call('https://app.example.com')
    expect(allowed.status).toBe(400) // reached the handler: wrong credentials
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    expect((await call('https://evil.example')).status).toBe(403)
  })
})
