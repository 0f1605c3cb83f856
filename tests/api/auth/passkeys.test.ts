// @vitest-environment node
/**
 * Passkeys through @supabase/auth-js against the built-in auth, with a software authenticator
 * (tests/helpers/soft-authenticator.ts) behind a stubbed navigator.credentials: register, list,
 * rename, sign in, remove; and what must be refused — a wrong origin, a replayed challenge, a
 * counter going backwards, another user's passkey, garbage.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GoTrueClient } from '@supabase/auth-js'
import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../../helpers/pg-cluster'
import { SoftAuthenticator } from '../../helpers/soft-authenticator'
import { newEmail, STRONG } from './auth-client'

let tp: TestPlatform
/** The page's origin: localhost (an IP address cannot be a relying party), same port as the platform. */
let origin: string
afterEach(() => vi.unstubAllGlobals())

/** The control plane on embedded PGlite, and on a real PostgreSQL server when its binaries are here. */
const CONTROL_PLANES = ['PGlite', ...(pgClusterAvailable() ? ['PostgreSQL'] : [])]

const memoryStorage = () => {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) }
}

let n = 0
/** auth-js as a page on `origin` would use it: passkeys on, the page's Origin on every request. */
function client(headers: Record<string, string> = { Origin: origin }) {
  return new GoTrueClient({
    url: `${origin}/auth/v1`,
    autoRefreshToken: false,
    persistSession: true,
    storage: memoryStorage(),
    storageKey: `passkeys-${++n}`,
    headers,
    experimental: { passkey: true },
  })
}

async function signedUp() {
  const c = client()
  const email = newEmail('passkey')
  const { error } = await c.signUp({ email, password: STRONG })
  expect(error).toBeNull()
  return { c, email }
}

/** A passkey registered through auth-js's own registerPasskey() (the whole browser ceremony). */
async function withPasskey() {
  const account = await signedUp()
  const authenticator = new SoftAuthenticator(origin)
  authenticator.install()
  const { data, error } = await account.c.registerPasskey()
  vi.unstubAllGlobals()
  expect(error).toBeNull()
  return { ...account, authenticator, passkey: data! }
}

/** A request the way a page on `origin` sends it, for bodies auth-js would never send. */
async function send(method: string, path: string, body?: unknown, token?: string, rawBody?: string) {
  const headers: Record<string, string> = { Origin: origin, 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const res = await fetch(`${origin}${path}`, { method, headers, body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)) })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

const tokenOf = async (c: GoTrueClient) => (await c.getSession()).data.session!.access_token

describe.each(CONTROL_PLANES)('control plane on %s', (kind) => {
  let cluster: PgCluster | undefined
  beforeAll(async () => {
    cluster = kind === 'PostgreSQL' ? await startPgCluster() : undefined
    tp = await startTestPlatform(cluster ? { platformDatabaseUrl: cluster.url } : {})
    origin = `http://localhost:${new URL(tp.url).port}`
  })
  afterAll(async () => {
    await tp?.close()
    await cluster?.stop()
  })

  describe('passkeys through auth-js', () => {
    it('registers, lists, renames, signs in (a full session) and removes a passkey', async () => {
      const { c, email, authenticator, passkey } = await withPasskey()
      expect(passkey).toMatchObject({ id: expect.any(String), friendly_name: 'Passkey', created_at: expect.any(String) })

      const listed = await c.passkey.list()
      expect(listed.error).toBeNull()
      expect(listed.data).toEqual([{ id: passkey.id, friendly_name: 'Passkey', created_at: passkey.created_at }])

      const renamed = await c.passkey.update({ passkeyId: passkey.id, friendlyName: '  Work laptop ' })
      expect(renamed.error).toBeNull()
      expect(renamed.data).toMatchObject({ id: passkey.id, friendly_name: 'Work laptop' })

      const fresh = client()
      authenticator.install()
      const signedIn = await fresh.signInWithPasskey()
      vi.unstubAllGlobals()
      expect(signedIn.error).toBeNull()
      expect(signedIn.data!.user?.email).toBe(email)
      const token = await tokenOf(fresh)
      expect(decodeJwt(token)).toMatchObject({ aal: 'aal1', amr: [expect.objectContaining({ method: 'passkey' })] })
      const me = await tp.call('GET', '/auth/v1/user', { token })
      expect(me.status).toBe(200)
      expect(me.body.email).toBe(email)
      expect(me.body.last_sign_in_at).toBeTruthy()
      const [used] = (await c.passkey.list()).data!
      expect(used.last_used_at).toBeTruthy()
      const [{ counter }] = await tp.platform.db.query<{ counter: string }>('select counter from auth_passkeys where id = $1', [passkey.id])
      expect(Number(counter)).toBe(1)

      expect((await c.passkey.delete({ passkeyId: passkey.id })).error).toBeNull()
      expect((await c.passkey.list()).data).toEqual([])
      // The authenticator still holds it; the platform no longer knows it.
      authenticator.install()
      const gone = await client().signInWithPasskey()
      // GoTrue's code for a passkey it does not know; the message says what happened.
      expect(gone.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed', message: expect.stringMatching(/not registered here/) })
    })

    it('names further passkeys apart, and the browser is told which it holds already', async () => {
      const { c, authenticator, passkey } = await withPasskey()
      const options = (await c.passkey.startRegistration()).data!
      expect(options.options.excludeCredentials?.map((e) => e.id)).toEqual([authenticator.passkeys[0].id.toString('base64url')])
      expect(options.options).toMatchObject({ rp: { id: 'localhost', name: 'Supaboard' }, attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' } })
      const second = await c.passkey.verifyRegistration({ challengeId: options.challenge_id, credential: authenticator.create(options.options) as never })
      expect(second.error).toBeNull()
      expect(second.data).toMatchObject({ friendly_name: 'Passkey 2' })
      expect((await c.passkey.list()).data!.map((p) => p.id)).toEqual([passkey.id, second.data!.id])
    })

    it('refuses an answer made for another origin, at registration and at sign-in', async () => {
      const { c } = await signedUp()
      const authenticator = new SoftAuthenticator(origin)
      const options = (await c.passkey.startRegistration()).data!
      const forged = authenticator.create(options.options, { origin: 'https://evil.example' })
      const refused = await c.passkey.verifyRegistration({ challengeId: options.challenge_id, credential: forged as never })
      expect(refused.error?.code).toBe('webauthn_verification_failed')
      expect(refused.error?.message).toContain('https://evil.example')
      expect((await c.passkey.list()).data).toEqual([])

      const again = (await c.passkey.startRegistration()).data!
      expect((await c.passkey.verifyRegistration({ challengeId: again.challenge_id, credential: authenticator.create(again.options) as never })).error).toBeNull()
      const signIn = client()
      const request = (await signIn.passkey.startAuthentication()).data!
      const wrong = await signIn.passkey.verifyAuthentication({ challengeId: request.challenge_id, credential: authenticator.get(request.options, { origin: 'https://evil.example' }) as never })
      expect(wrong.error?.code).toBe('webauthn_verification_failed')
      expect((await signIn.getSession()).data.session).toBeNull()
    })

    it('uses a challenge once, also when it is presented twice at the same moment', async () => {
      const { authenticator } = await withPasskey()
      const c = client()
      const request = (await c.passkey.startAuthentication()).data!
      const credential = authenticator.get(request.options) as never
      const [a, b] = await Promise.all([
        send('POST', '/auth/v1/passkeys/authentication/verify', { challenge_id: request.challenge_id, credential }),
        send('POST', '/auth/v1/passkeys/authentication/verify', { challenge_id: request.challenge_id, credential }),
      ])
      expect([a.status, b.status].sort()).toEqual([200, 400])
      expect([a, b].find((r) => r.status === 400)!.body.error_code).toBe('webauthn_challenge_not_found')
      const replay = await c.passkey.verifyAuthentication({ challengeId: request.challenge_id, credential })
      expect(replay.error?.code).toBe('webauthn_challenge_not_found')
    })

    it('refuses a signature counter that does not move forward, even from two sign-ins racing', async () => {
      const { authenticator, passkey } = await withPasskey()
      const c = client()
      const first = (await c.passkey.startAuthentication()).data!
      expect((await c.passkey.verifyAuthentication({ challengeId: first.challenge_id, credential: authenticator.get(first.options, { counter: 5 }) as never })).error).toBeNull()
      const back = (await c.passkey.startAuthentication()).data!
      const backwards = await c.passkey.verifyAuthentication({ challengeId: back.challenge_id, credential: authenticator.get(back.options, { counter: 3 }) as never })
      expect(backwards.error?.code).toBe('webauthn_verification_failed')

      // A copied key: two assertions with the same next counter, each with its own challenge.
      const [x, y] = [(await c.passkey.startAuthentication()).data!, (await c.passkey.startAuthentication()).data!]
      const results = await Promise.all([
        send('POST', '/auth/v1/passkeys/authentication/verify', { challenge_id: x.challenge_id, credential: authenticator.get(x.options, { counter: 9 }) }),
        send('POST', '/auth/v1/passkeys/authentication/verify', { challenge_id: y.challenge_id, credential: authenticator.get(y.options, { counter: 9 }) }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([200, 400])
      const [{ counter }] = await tp.platform.db.query<{ counter: string }>('select counter from auth_passkeys where id = $1', [passkey.id])
      expect(Number(counter)).toBe(9)
    })

    it('requires user verification (a PIN or biometrics), not mere presence', async () => {
      const { authenticator } = await withPasskey()
      const c = client()
      const request = (await c.passkey.startAuthentication()).data!
      const refused = await c.passkey.verifyAuthentication({ challengeId: request.challenge_id, credential: authenticator.get(request.options, { noUserVerification: true }) as never })
      expect(refused.error?.code).toBe('webauthn_verification_failed')
      expect(refused.error?.message).toMatch(/user verification/i)
    })

    it("does not let another user rename, remove or see someone's passkey", async () => {
      const { c, passkey } = await withPasskey()
      const other = (await signedUp()).c
      expect((await other.passkey.list()).data).toEqual([])
      const rename = await other.passkey.update({ passkeyId: passkey.id, friendlyName: 'Mine now' })
      // GoTrue answers an unknown passkey 404 "Passkey not found" with the code validation_failed
      // (internal/api/passkey_manage.go); a client checking for GoTrue's answer finds it here.
      expect(rename.error).toMatchObject({ status: 404, code: 'validation_failed', message: 'Passkey not found' })
      const remove = await other.passkey.delete({ passkeyId: passkey.id })
      expect(remove.error).toMatchObject({ status: 404, code: 'validation_failed', message: 'Passkey not found' })
      expect((await c.passkey.list()).data).toEqual([{ id: passkey.id, friendly_name: 'Passkey', created_at: passkey.created_at }])
    })

    it('asks for aal2 to manage passkeys once a second factor is on', async () => {
      const { c, email } = await signedUp()
      const enrolled = (await c.mfa.enroll({ factorType: 'totp' })).data!
      const code = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret), digits: 6, period: 30 }).generate()
      expect((await c.mfa.challengeAndVerify({ factorId: enrolled.id, code })).error).toBeNull()
      expect((await c.passkey.startRegistration()).error).toBeNull() // aal2 here
      const aal1 = client()
      await aal1.signInWithPassword({ email, password: STRONG })
      expect((await aal1.passkey.startRegistration()).error).toMatchObject({ status: 403, code: 'insufficient_aal' })
    })
  })

  describe('the relying party', () => {
    it('is SITE_URL when set, whatever page asks', async () => {
      const { c } = await signedUp()
      tp.platform.config.siteUrl = 'https://dashboard.example'
      try {
        const options = (await c.passkey.startRegistration()).data!
        expect(options.options.rp.id).toBe('dashboard.example')
        // Made on the dashboard's real name, it is of no use on this one (another RP ID).
        const elsewhere = new SoftAuthenticator('https://dashboard.example')
        expect((await c.passkey.verifyRegistration({ challengeId: options.challenge_id, credential: elsewhere.create(options.options) as never })).error).toBeNull()
        tp.platform.config.siteUrl = undefined
        const request = (await c.passkey.startAuthentication()).data!
        expect(request.options.rpId).toBe('localhost')
        const here = new SoftAuthenticator(origin)
        const refused = await c.passkey.verifyAuthentication({ challengeId: request.challenge_id, credential: here.get(request.options, {}, elsewhere.passkeys[0]) as never })
        expect(refused.error?.code).toBe('webauthn_verification_failed')
        expect(refused.error?.message).toContain('dashboard.example')
      } finally {
        tp.platform.config.siteUrl = undefined
      }
    })

    it('without SITE_URL, needs an Origin whose host the platform answers to', async () => {
      const noOrigin = await client({}).passkey.startAuthentication()
      expect(noOrigin.error).toMatchObject({ status: 400 })
      expect(noOrigin.error?.message).toContain('SITE_URL')
      // A page of another site allowed to call the auth service (CORS) is still not this site.
      tp.platform.config.auth.corsOrigins = ['https://app.example']
      try {
        const cors = await client({ Origin: 'https://app.example' }).passkey.startAuthentication()
        expect(cors.error).toMatchObject({ status: 400 })
        expect(cors.error?.message).toContain('ALLOWED_HOSTS')
      } finally {
        tp.platform.config.auth.corsOrigins = []
      }
    })

    it('counts sign-in attempts like password sign-ins', async () => {
      const limits = tp.platform.config.rateLimits
      const before = limits.signInPerIp
      limits.signInPerIp = { limit: 2, windowSeconds: 300 }
      try {
        const c = client()
        expect((await c.passkey.startAuthentication()).error).toBeNull()
        expect((await c.passkey.startAuthentication()).error).toBeNull()
        expect((await c.passkey.startAuthentication()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
      } finally {
        limits.signInPerIp = before
      }
    })
  })

  describe('hostile input gets a 4xx', () => {
    const verify = '/auth/v1/passkeys/authentication/verify'
    const wellFormed = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' } }

    // GoTrue's codes: a missing or malformed field of the request is validation_failed, a credential
    // that cannot be read is webauthn_verification_failed ("Invalid credential response").
    it.each([
      ['a challenge id that is no UUID', { challenge_id: 'nope', credential: wellFormed }, /challenge_id must be a valid UUID/, 'validation_failed'],
      ['no credential', { challenge_id: '00000000-0000-4000-8000-000000000000' }, /credential is required/, 'validation_failed'],
      ['malformed base64url', { challenge_id: '00000000-0000-4000-8000-000000000000', credential: { ...wellFormed, id: 'not base64!' } }, /^Invalid credential response: .*base64url/, 'webauthn_verification_failed'],
      ['a credential of another type', { challenge_id: '00000000-0000-4000-8000-000000000000', credential: { ...wellFormed, type: 'password' } }, /public-key/, 'webauthn_verification_failed'],
      ['a credential that is not an object', { challenge_id: '00000000-0000-4000-8000-000000000000', credential: 'nope' }, /Invalid credential response/, 'webauthn_verification_failed'],
      ['a NUL character', { challenge_id: '00000000-0000-4000-8000-000000000000', credential: { ...wellFormed, id: 'AA\u0000A' } }, /NUL/, undefined],
    ])('%s', async (_, body, message, code) => {
      const res = await send('POST', verify, body)
      expect(res.status).toBe(400)
      expect(res.body.msg).toMatch(message)
      if (code) expect(res.body.error_code).toBe(code)
    })

    it('a huge body, broken JSON, and an unknown passkey id', async () => {
      expect((await send('POST', verify, { challenge_id: 'x', credential: { ...wellFormed, id: 'A'.repeat(200_000) } })).status).toBe(413)
      expect((await send('POST', verify, undefined, undefined, '{"challenge_id":')).status).toBe(400)
      const { c } = await signedUp()
      const token = await tokenOf(c)
      expect((await send('PATCH', '/auth/v1/passkeys/not-a-uuid', { friendly_name: 'x' }, token)).status).toBe(404)
      expect((await send('DELETE', '/auth/v1/passkeys/not-a-uuid', undefined, token)).status).toBe(404)
      expect((await send('PATCH', '/auth/v1/passkeys/00000000-0000-4000-8000-000000000000', { friendly_name: 'a\nb' }, token)).status).toBe(400)
      expect((await send('PATCH', '/auth/v1/passkeys/00000000-0000-4000-8000-000000000000', { friendly_name: 'x'.repeat(121) }, token)).status).toBe(400)
      expect((await send('PATCH', '/auth/v1/passkeys/00000000-0000-4000-8000-000000000000', { friendly_name: '   ' }, token)).status).toBe(400)
    })

    it('answers that are not CBOR, not JSON or not signed: refused, and the challenge is spent', async () => {
      const { c } = await signedUp()
      const token = await tokenOf(c)
      const garbage = Buffer.from('\xff\x00 definitely not cbor', 'latin1').toString('base64url')
      for (const response of [
        { clientDataJSON: Buffer.from('not json').toString('base64url'), attestationObject: garbage },
        { clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: 'x', origin })).toString('base64url'), attestationObject: garbage },
      ]) {
        const options = (await c.passkey.startRegistration()).data!
        const body = { challenge_id: options.challenge_id, credential: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response, clientExtensionResults: {} } }
        const refused = await send('POST', '/auth/v1/passkeys/registration/verify', body, token)
        expect(refused.status).toBe(400)
        expect(refused.body.error_code).toBe('webauthn_verification_failed')
        const again = await send('POST', '/auth/v1/passkeys/registration/verify', body, token)
        expect(again.body.error_code).toBe('webauthn_challenge_not_found')
      }
      // A sign-in answer with a real challenge but a signature of nothing.
      const authenticator = new SoftAuthenticator(origin)
      const options = (await c.passkey.startRegistration()).data!
      await c.passkey.verifyRegistration({ challengeId: options.challenge_id, credential: authenticator.create(options.options) as never })
      const request = (await c.passkey.startAuthentication()).data!
      const assertion = authenticator.get(request.options)
      const unsigned = await send('POST', verify, { challenge_id: request.challenge_id, credential: { ...assertion, response: { ...assertion.response, signature: 'AAAA' } } })
      expect(unsigned.status).toBe(400)
      expect(unsigned.body.error_code).toBe('webauthn_verification_failed')
    })

    it('a registration challenge belongs to the user who asked for it', async () => {
      const { c } = await signedUp()
      const options = (await c.passkey.startRegistration()).data!
      const other = (await signedUp()).c
      const stolen = await other.passkey.verifyRegistration({ challengeId: options.challenge_id, credential: new SoftAuthenticator(origin).create(options.options) as never })
      expect(stolen.error?.code).toBe('webauthn_challenge_not_found')
    })
  })
})
