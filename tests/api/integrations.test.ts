// @vitest-environment node
/**
 * Connecting GitHub to an organization, against a local stand-in for GitHub (authorize page, token
 * endpoint, /user): the code is exchanged server side and the account recorded for the
 * organization, its tokens never answered; only Owners and Admins connect and disconnect; a spent
 * or misdirected code, and a GitHub that misbehaves, record nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectGithub } from '@/server/integrations/connections'
import { githubAccount, startOAuthStandIn, type OAuthStandIn } from '../helpers/oauth-stand-in'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

const CALLBACK = 'http://localhost:3000/integrations/github/authorize'
let stand: OAuthStandIn
let tp: TestPlatform
let owner: { token: string; userId: string }
let admin: { token: string; userId: string }
let developer: { token: string; userId: string }
let outsider: { token: string; userId: string }
let slug: string
let otherSlug: string
let n = 0
const email = (who: string) => `gh-${who}-${++n}-${Date.now()}@example.com`

async function member(role: 'Admin' | 'Developer') {
  const address = email(role.toLowerCase())
  const user = await tp.signUp(address)
  await tp.call('POST', '/platform/profile', { token: user.token })
  await tp.platform.db.query(
    `insert into organization_members (organization_id, profile_id, role)
     select o.id, p.id, $3 from organizations o, profiles p where o.slug = $1 and p.user_id = $2`,
    [slug, user.userId, role]
  )
  return user
}

async function profileUser() {
  const user = await tp.signUp(email('user'))
  await tp.call('POST', '/platform/profile', { token: user.token })
  return user
}

/** What the pop-up does on GitHub: the authorize page approves and sends back a code with the state. */
async function authorize(redirectUri = CALLBACK): Promise<string> {
  const settings = (await tp.call('GET', '/platform/integrations/github', { token: owner.token })).body
  const url = new URL(settings.authorize_url)
  url.searchParams.set('state', 'S'.repeat(32))
  url.searchParams.set('redirect_uri', redirectUri)
  const res = await fetch(url, { redirect: 'manual' })
  const back = new URL(res.headers.get('location')!)
  expect(back.searchParams.get('state')).toBe('S'.repeat(32))
  return back.searchParams.get('code')!
}

const connections = (s = slug) => `/platform/organizations/${s}/integrations/github/connections`
const connect = (token: string, body: unknown, s = slug) => tp.call('POST', connections(s), { token, body })
const rows = async (s = slug) =>
  tp.platform.db.query<{ github_login: string; access_token: string }>(
    `select c.github_login, c.access_token from github_connections c join organizations o on o.id = c.organization_id where o.slug = $1`,
    [s]
  )

beforeAll(async () => {
  stand = await startOAuthStandIn()
  tp = await startTestPlatform({
    githubApp: { slug: 'supaboard-test', clientId: stand.clientId, clientSecret: stand.secret, url: stand.url, apiUrl: stand.apiUrl, timeoutMs: 1_000 },
  })
  owner = await profileUser()
  slug = (await tp.call('POST', '/platform/organizations', { token: owner.token, body: { name: 'Octo Org' } })).body.slug
  admin = await member('Admin')
  developer = await member('Developer')
  outsider = await profileUser()
  otherSlug = (await tp.call('POST', '/platform/organizations', { token: outsider.token, body: { name: 'Elsewhere' } })).body.slug
})
afterAll(async () => {
  await tp?.close()
  await stand?.close()
})

describe('the GitHub app', () => {
  it('tells the dashboard where the pop-up goes', async () => {
    const res = await tp.call('GET', '/platform/integrations/github', { token: developer.token })
    expect(res.body).toEqual({
      configured: true,
      authorize_url: `${stand.url}/login/oauth/authorize?client_id=${stand.clientId}`,
      install_url: `${stand.url}/apps/supaboard-test/installations/new`,
    })
    expect(JSON.stringify(res.body)).not.toContain(stand.secret)
  })

  it('an Admin connects an account: recorded for the organization, listed to every member, tokens kept server side', async () => {
    const octo = githubAccount(email('octo'))
    stand.signInAs(octo)
    const res = await connect(admin.token, { code: await authorize(), redirect_uri: CALLBACK })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ github_account_id: String(octo.id), github_login: octo.login, github_avatar_url: octo.avatar_url })
    expect(Object.keys(res.body).sort()).toEqual(['connected_by', 'created_at', 'github_account_id', 'github_avatar_url', 'github_login', 'id', 'updated_at'])
    const [row] = await rows()
    expect(row.access_token).toMatch(/^gho_/)
    const list = await tp.call('GET', connections(), { token: developer.token })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([res.body])
    expect(JSON.stringify(list.body)).not.toContain(row.access_token)
    // The other organization sees none of it.
    expect((await tp.call('GET', connections(otherSlug), { token: outsider.token })).body).toEqual([])
    expect((await tp.call('GET', connections(), { token: outsider.token })).status).toBe(404)
  })

  it('connecting the same account again refreshes it instead of adding a second one', async () => {
    const octo = githubAccount(email('again'))
    stand.signInAs(octo)
    const first = (await connect(owner.token, { code: await authorize(), redirect_uri: CALLBACK })).body
    const before = (await rows()).length
    stand.signInAs({ ...octo, login: 'renamed-octo' })
    const second = await connect(owner.token, { code: await authorize(), redirect_uri: CALLBACK })
    expect(second.status).toBe(201)
    expect(second.body).toMatchObject({ id: first.id, github_login: 'renamed-octo' })
    expect((await rows()).length).toBe(before)
  })

  it('a code works once, and only for the page it was sent to', async () => {
    stand.signInAs(githubAccount(email('once')))
    const code = await authorize()
    expect((await connect(owner.token, { code, redirect_uri: CALLBACK })).status).toBe(201)
    const again = await connect(owner.token, { code, redirect_uri: CALLBACK })
    expect(again.status).toBe(400)
    expect(again.body.message).toContain('GitHub refused the authorization')
    const elsewhere = await connect(owner.token, { code: await authorize(), redirect_uri: 'https://evil.example/integrations/github/authorize' })
    expect(elsewhere.status).toBe(400)
  })

  it('a Developer may neither connect nor disconnect, and nothing is asked of GitHub', async () => {
    stand.signInAs(githubAccount(email('dev')))
    const code = await authorize()
    const before = await rows()
    const res = await connect(developer.token, { code, redirect_uri: CALLBACK })
    expect(res.status).toBe(403)
    expect(await rows()).toEqual(before)
    // The code was not spent: an Admin can still use it.
    expect((await connect(admin.token, { code, redirect_uri: CALLBACK })).status).toBe(201)
  })

  it('a role taken away while GitHub answers records nothing', async () => {
    stand.signInAs(githubAccount(email('demoted')))
    const code = await authorize()
    const demoted = await member('Developer')
    const [org] = await tp.platform.db.query<{ id: number; name: string; slug: string }>(`select id::int as id, name, slug from organizations where slug = $1`, [slug])
    const before = await rows()
    // The request was authorized as an Admin; by the time the account is written, the role is Developer.
    const stale = { ...org, role: 'Admin' } as unknown as Parameters<typeof connectGithub>[1]
    await expect(connectGithub(tp.platform, stale, { id: demoted.userId, email: '', sessionId: null }, { code, redirect_uri: CALLBACK })).rejects.toMatchObject({ status: 403 })
    expect(await rows()).toEqual(before)
  })

  it.each([
    ['garbage', 502],
    ['hang', 502],
  ] as const)('a GitHub that answers %s records nothing (%i)', async (behaviour, status) => {
    stand.signInAs(githubAccount(email(behaviour)))
    const code = await authorize()
    const before = await rows()
    stand.tokenBehaviour = behaviour
    try {
      const res = await connect(owner.token, { code, redirect_uri: CALLBACK })
      expect(res.status).toBe(status)
      expect(res.body.message).toContain('GitHub did not answer as expected')
    } finally {
      stand.tokenBehaviour = 'ok'
    }
    expect(await rows()).toEqual(before)
  })

  it.each([
    ['no code', { redirect_uri: CALLBACK }, 'code is required'],
    ['a code with a NUL', { code: 'abc\u0000', redirect_uri: CALLBACK }, undefined],
    ['a code that is not one', { code: '../../etc', redirect_uri: CALLBACK }, 'code is not a GitHub authorization code'],
    ['a huge code', { code: 'a'.repeat(5000), redirect_uri: CALLBACK }, 'code is not a GitHub authorization code'],
    ['a javascript: page', { code: 'abc', redirect_uri: 'javascript:alert(1)' }, 'redirect_uri must be an http or https URL'],
    ['garbage', ['not', 'an', 'object'], undefined],
  ])('refuses %s with a 400', async (_, body, message) => {
    const before = await rows()
    const res = await connect(owner.token, body)
    expect(res.status).toBe(400)
    if (message) expect(res.body.message).toContain(message)
    expect(await rows()).toEqual(before)
  })

  it('disconnects for Owners and Admins only, within their own organization', async () => {
    stand.signInAs(githubAccount(email('theirs')))
    const theirs = (await connect(outsider.token, { code: await authorize(), redirect_uri: CALLBACK }, otherSlug)).body
    stand.signInAs(githubAccount(email('ours')))
    const ours = (await connect(owner.token, { code: await authorize(), redirect_uri: CALLBACK })).body
    // Another organization's connection, by id through our slug: not found, and still there.
    expect((await tp.call('DELETE', `${connections()}/${theirs.id}`, { token: owner.token })).status).toBe(404)
    expect((await rows(otherSlug)).length).toBe(1)
    expect((await tp.call('DELETE', `${connections()}/${ours.id}`, { token: developer.token })).status).toBe(403)
    const res = await tp.call('DELETE', `${connections()}/${ours.id}`, { token: admin.token })
    expect(res).toMatchObject({ status: 200, body: { id: ours.id, deleted: true } })
    expect((await tp.call('GET', connections(), { token: owner.token })).body.map((c: { id: number }) => c.id)).not.toContain(ours.id)
    expect((await tp.call('DELETE', `${connections()}/${ours.id}`, { token: admin.token })).status).toBe(404)
    expect((await tp.call('DELETE', `${connections()}/not-a-number`, { token: admin.token })).status).toBe(400)
  })

  it('connections go with their organization', async () => {
    const res = await tp.call('DELETE', `/platform/organizations/${otherSlug}`, { token: outsider.token })
    expect(res.status).toBe(200)
    expect(await tp.platform.db.query(`select 1 from github_connections c left join organizations o on o.id = c.organization_id where o.id is null`)).toEqual([])
  })
})

describe('without a GitHub app', () => {
  let bare: TestPlatform
  beforeAll(async () => {
    bare = await startTestPlatform({ githubApp: null })
  })
  afterAll(async () => bare?.close())

  it('says it is not configured, and how to configure it', async () => {
    const user = await bare.signUp()
    await bare.call('POST', '/platform/profile', { token: user.token })
    const org = (await bare.call('POST', '/platform/organizations', { token: user.token, body: { name: 'Bare' } })).body
    expect((await bare.call('GET', '/platform/integrations/github', { token: user.token })).body).toEqual({ configured: false, authorize_url: null, install_url: null })
    const res = await bare.call('POST', `/platform/organizations/${org.slug}/integrations/github/connections`, { token: user.token, body: { code: 'abc', redirect_uri: CALLBACK } })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('GITHUB_APP_CLIENT_ID')
  })
})
