// @vitest-environment node
/**
 * Password sign-ins to a project's own users are limited the way the platform's are: per address
 * and account, and per account over addresses new to it. Guesses from elsewhere never lock a user
 * out from an address they signed in from before, and each project counts apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateLimits } from '@/server/config'
import { testConfig, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg } from '../helpers/project-backends'

const PASSWORD = 'a fine long password'
const off = testConfig('/nonexistent').rateLimits
const limits: RateLimits = {
  ...off,
  signInPerAccount: { limit: 3, windowSeconds: 300 },
  signInPerAccountNewAddresses: { limit: 6, windowSeconds: 300 },
}

type Project = { ref: string; url: string; anon: string }

describe.skipIf(!BACKENDS[0].enabled)("sign-in limits of a project's users", () => {
  let stop: () => Promise<void>
  let tp: TestPlatform
  let a: Project
  let b: Project

  const signIn = (p: Project, from: string, email: string, password: string) =>
    fetch(`${p.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: p.anon, 'Content-Type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify({ email, password }),
    }).then((res) => res.status)
  const signUp = async (p: Project, email: string) => {
    const res = await fetch(`${p.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: p.anon, 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.1' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    const started = await BACKENDS[0].start({ trustProxyHops: 1, rateLimits: limits })
    stop = () => started.stop()
    tp = started.tp
    const { token, org } = await ownerWithOrg(tp, 'Limits Org')
    const project = async (): Promise<Project> => {
      const ref = await activeProject(tp, token, org.slug)
      const keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token })).body
      await tp.call('PATCH', `/platform/auth/${ref}/config`, { token, body: { mailer_autoconfirm: true } })
      return { ref, url: keys.url, anon: keys.anon_key }
    }
    a = await project()
    b = await project()
  })
  afterAll(() => stop?.())

  it('one address guessing a user is throttled; the user, from the address they signed in from before, is not', async () => {
    const email = `victim-${Date.now()}@example.com`
    await signUp(a, email)
    expect(await signIn(a, '198.51.100.20', email, PASSWORD)).toBe(200)
    for (let i = 0; i < 3; i++) expect(await signIn(a, '203.0.113.7', email, 'not the password')).toBe(400)
    expect(await signIn(a, '203.0.113.7', email, PASSWORD)).toBe(429)
    // The user, from their own address, still signs in.
    expect(await signIn(a, '198.51.100.20', email, PASSWORD)).toBe(200)
  })

  it('many addresses guessing one user together are throttled, but not an address the user signed in from', async () => {
    const email = `spread-${Date.now()}@example.com`
    await signUp(a, email)
    expect(await signIn(a, '198.51.100.30', email, PASSWORD)).toBe(200)
    // The user's first sign-in came from an address new then (1); five new addresses guess once (6).
    for (let i = 0; i < 5; i++) expect(await signIn(a, `203.0.113.${100 + i}`, email, 'not the password')).toBe(400)
    expect(await signIn(a, '203.0.113.200', email, PASSWORD)).toBe(429)
    expect(await signIn(a, '198.51.100.30', email, PASSWORD)).toBe(200)
    // The same address in another project is another user, counted apart.
    await signUp(b, email)
    expect(await signIn(b, '203.0.113.200', email, PASSWORD)).toBe(200)
  })
})
