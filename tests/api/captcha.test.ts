// @vitest-environment node
/**
 * Captcha on sign-up, against a local stand-in of the captcha service's siteverify endpoint: no
 * token and a refused token are GoTrue's 400 `captcha_failed`, an accepted one signs up, and a
 * service that cannot be asked is a 500; nothing is created unless the token was accepted.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { authClient, STRONG } from './auth/auth-client'

type Behaviour = 'ok' | 'garbage' | 'down'

/** Accepts the tokens in `valid` for SECRET only, as hCaptcha's siteverify answers. */
async function startVerifyStandIn() {
  const valid = new Set<string>()
  const requests: URLSearchParams[] = []
  let behaviour: Behaviour = 'ok'
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const form = new URLSearchParams(body)
      requests.push(form)
      if (behaviour === 'down') {
        res.writeHead(503, { 'Content-Type': 'text/plain' })
        return res.end('maintenance')
      }
      if (behaviour === 'garbage') {
        res.writeHead(200, { 'Content-Type': 'text/html' })
        return res.end('<html>oops</html>')
      }
      const token = form.get('response') ?? ''
      const answer =
        form.get('secret') !== SECRET
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : valid.has(token)
            ? { success: true, hostname: 'localhost' }
            : { success: false, 'error-codes': ['invalid-input-response', '<b>not-a-code</b>'] }
      valid.delete(token) // a token answers once
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    valid,
    requests,
    setBehaviour: (next: Behaviour) => void (behaviour = next),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

const SECRET = 'captcha-secret-0x123'
const SITE_KEY = 'site-key-10000000'
let verify: Awaited<ReturnType<typeof startVerifyStandIn>>
let tp: TestPlatform
let n = 0
const newEmail = () => `captcha-${++n}-${Date.now()}@example.com`

beforeAll(async () => {
  verify = await startVerifyStandIn()
  tp = await startTestPlatform({
    captcha: { siteKey: SITE_KEY, secret: SECRET, scriptUrl: 'https://captcha.test/api.js', verifyUrl: verify.url, timeoutMs: 5_000 },
  })
})
afterAll(async () => {
  await tp?.close()
  await verify?.close()
})
afterEach(() => {
  verify.setBehaviour('ok')
  vi.restoreAllMocks()
})

const usersNamed = async (email: string) => (await tp.platform.db.query('select id from users where email = $1', [email])).length

describe('sign-up with a captcha configured', () => {
  it('tells the browser the site key and script, never the secret', async () => {
    const config = (await tp.call('GET', '/config')).body
    expect(config.captcha).toEqual({ siteKey: SITE_KEY, scriptUrl: 'https://captcha.test/api.js' })
    expect(JSON.stringify(config)).not.toContain(SECRET)
  })

  it('refuses a sign-up without a token, as GoTrue does, and creates nobody', async () => {
    const email = newEmail()
    const asked = verify.requests.length
    const res = await tp.call('POST', '/auth/v1/signup', { body: { email, password: STRONG } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error_code: 'captcha_failed', msg: 'captcha protection: request disallowed (no captcha_token found)' })
    expect(verify.requests.length).toBe(asked) // nothing to ask the service about
    expect(await usersNamed(email)).toBe(0)
    const blank = await tp.call('POST', '/auth/v1/signup', { body: { email, password: STRONG, gotrue_meta_security: { captcha_token: '   ' } } })
    expect(blank.body.error_code).toBe('captcha_failed')
  })

  it('asks for a captcha when /otp would create an account, and not when it signs an existing one in', async () => {
    const email = newEmail()
    const refused = await tp.call('POST', '/auth/v1/otp', { body: { email, create_user: true } })
    expect(refused.status).toBe(400)
    expect(refused.body.error_code).toBe('captcha_failed')
    expect(await usersNamed(email)).toBe(0)
    verify.valid.add('otp-token')
    const created = await tp.call('POST', '/auth/v1/otp', { body: { email, create_user: true, gotrue_meta_security: { captcha_token: 'otp-token' } } })
    expect(created.status).toBe(200)
    expect(await usersNamed(email)).toBe(1)
    const signIn = await tp.call('POST', '/auth/v1/otp', { body: { email, create_user: true } })
    expect(signIn.status).toBe(200)
  })

  it('refuses a token the service does not accept, naming its error codes (only well-formed ones)', async () => {
    const email = newEmail()
    const { error } = await authClient(tp).signUp({ email, password: STRONG, options: { captchaToken: 'forged' } })
    expect(error).toMatchObject({ status: 400, code: 'captcha_failed', message: 'captcha protection: request disallowed (invalid-input-response)' })
    expect(await usersNamed(email)).toBe(0)
  })

  it('signs up with an accepted token sent by auth-js, which the service sees with the secret and the client address', async () => {
    const email = newEmail()
    verify.valid.add('good-token')
    const { data, error } = await authClient(tp).signUp({ email, password: STRONG, options: { captchaToken: 'good-token' } })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    const seen = verify.requests.at(-1)!
    expect(Object.fromEntries(seen)).toMatchObject({ secret: SECRET, response: 'good-token', sitekey: SITE_KEY })
    expect(seen.get('remoteip')).toMatch(/127\.0\.0\.1|::1/)
    // A token answers once: the same one again is refused.
    const again = await authClient(tp).signUp({ email: newEmail(), password: STRONG, options: { captchaToken: 'good-token' } })
    expect(again.error?.code).toBe('captcha_failed')
  })

  it.each<[Behaviour]>([['down'], ['garbage']])('a service that answers %s is a 500, logged, and creates nobody', async (behaviour) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    verify.setBehaviour(behaviour)
    const email = newEmail()
    const res = await tp.call('POST', '/auth/v1/signup', { body: { email, password: STRONG, gotrue_meta_security: { captcha_token: 'anything' } } })
    expect(res.status).toBe(500)
    expect(res.body).toMatchObject({ msg: 'captcha verification process failed' })
    expect(log.mock.calls.some((call) => String(call[0]).includes('Captcha verification'))).toBe(true)
    expect(await usersNamed(email)).toBe(0)
  })

  it('an oversized token is refused by the input check before the service is asked', async () => {
    const asked = verify.requests.length
    const res = await tp.call('POST', '/auth/v1/signup', { body: { email: newEmail(), password: STRONG, gotrue_meta_security: { captcha_token: 'x'.repeat(5000) } } })
    expect(res.status).toBe(400)
    expect(verify.requests.length).toBe(asked)
  })
})
