// @vitest-environment node
/**
 * Generated from the route table: every route × every kind of caller (no session, a user of
 * another organization, each role of the organization) answers what the declaration and the
 * roles policy say, and nothing that is not the caller's is read or changed. A route added
 * without an example here does not compile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORGANIZATION_ROLES, roleCan, routes, type RouteName } from '@/lib/api-types'
import { issueSession } from '@/server/auth/sessions'
import { findUserById } from '@/server/auth/users'
import { checkHealth } from '@/server/projects/health'
import { startTestPlatform, settle, type TestPlatform } from '../helpers/test-platform'
import { PASSWORD, type Caller, type Example, type Fixture } from './matrix/types'
import { serviceExamples } from './matrix/service.examples'
import { authExamples } from './matrix/auth.examples'
import { profileExamples } from './matrix/profile.examples'
import { organizationExamples } from './matrix/organizations.examples'
import { projectExamples, sqlExamples } from './matrix/projects.examples'
import { passkeyExamples } from './matrix/passkeys.examples'
import { contentExamples } from './matrix/content.examples'
import { aiExamples } from './matrix/ai.examples'
import { telemetryExamples } from './matrix/telemetry.examples'
import { flagExamples } from './matrix/flags.examples'
import { docsSearchExamples } from './matrix/docs-search.examples'
import { privilegeExamples } from './matrix/privileges.examples'
import { siteExamples } from './matrix/site.examples'
import { integrationExamples } from './matrix/integrations.examples'
import { billingExamples } from './matrix/billing.examples'
import { connectionExamples } from './matrix/connection.examples'
import { extensionExamples } from './matrix/extensions.examples'
import { graphqlExamples } from './matrix/graphql.examples'
import { logExamples } from './matrix/logs.examples'
import { supportExamples } from './matrix/support.examples'
import { dataApiExamples } from './matrix/data-api.examples'
import { backupExamples } from './matrix/backups.examples'
import { projectAuthExamples } from './matrix/project-auth.examples'
import { serviceVersionExamples } from './matrix/service-versions.examples'
import { transferExamples } from './matrix/transfer.examples'
import { computeExamples } from './matrix/compute.examples'
import { storageExamples } from './matrix/storage.examples'
import { realtimeExamples } from './matrix/realtime.examples'
import { functionExamples } from './matrix/functions.examples'
import { accessTokenExamples } from './matrix/access-tokens.examples'

const CALLERS: Caller[] = ['anonymous', 'outsider', ...ORGANIZATION_ROLES]

/** One example per route, kept per domain in ./matrix: a route without one does not compile. */
const examples: Record<RouteName, Example> = {
  ...serviceExamples,
  ...authExamples,
  ...profileExamples,
  ...organizationExamples,
  ...projectExamples,
  ...sqlExamples,
  ...passkeyExamples,
  ...contentExamples,
  ...aiExamples,
  ...telemetryExamples,
  ...flagExamples,
  ...docsSearchExamples,
  ...privilegeExamples,
  ...siteExamples,
  ...integrationExamples,
  ...billingExamples,
  ...connectionExamples,
  ...extensionExamples,
  ...graphqlExamples,
  ...logExamples,
  ...supportExamples,
  ...dataApiExamples,
  ...backupExamples,
  ...projectAuthExamples,
  ...serviceVersionExamples,
  ...transferExamples,
  ...computeExamples,
  ...storageExamples,
  ...realtimeExamples,
  ...functionExamples,
  ...accessTokenExamples,
}

/** Rows the callers could change, as one comparable snapshot, and the status of each project. */
async function snapshot(tp: TestPlatform) {
  const [orgs, members, projects] = await Promise.all([
    tp.platform.db.query('select id, name, slug from organizations order by id'),
    tp.platform.db.query('select organization_id, profile_id, role from organization_members order by 1, 2'),
    tp.platform.db.query<{ ref: string; name: string; status: string }>('select ref, name, status from projects order by id'),
  ])
  return { rows: JSON.stringify({ orgs, members, projects }), statusOf: (ref: string) => projects.find((p) => p.ref === ref)?.status }
}

describe('every route × every caller', () => {
  let tp: TestPlatform
  let fx: Fixture
  const tokens = new Map<Caller, string>()
  const userIds = new Map<Caller, string>()

  beforeAll(async () => {
    tp = await startTestPlatform()
    const emails = Object.fromEntries(CALLERS.map((c) => [c, `matrix-${c.toLowerCase()}-${Date.now()}@example.com`])) as Record<Caller, string>
    for (const caller of CALLERS) {
      if (caller === 'anonymous') continue
      const user = await tp.signUp(emails[caller], PASSWORD)
      await tp.call('POST', '/platform/profile', { token: user.token })
      tokens.set(caller, user.token)
      userIds.set(caller, user.userId)
    }
    const owner = tokens.get('Owner')!
    const org = (await tp.call('POST', '/platform/organizations', { token: owner, body: { name: 'Matrix Org' } })).body
    await tp.call('POST', '/platform/organizations', { token: tokens.get('outsider')!, body: { name: 'Elsewhere' } })
    for (const role of ORGANIZATION_ROLES.filter((r) => r !== 'Owner')) {
      await tp.platform.db.query(
        `insert into organization_members (organization_id, profile_id, role)
         select $1, p.id, $3 from profiles p join users u on u.id = p.user_id where u.email = $2`,
        [org.id, emails[role], role]
      )
    }
    const project = (await tp.call('POST', '/platform/projects', { token: owner, body: { name: 'Matrix project', organization_slug: org.slug } })).body
    const failed = (await tp.call('POST', '/platform/projects', { token: owner, body: { name: 'Matrix failed', organization_slug: org.slug } })).body
    await settle(tp.platform)
    fx = { orgSlug: org.slug, ref: project.ref, failedRef: failed.ref, emails }
  })
  afterAll(async () => tp?.close())

  /**
   * A fresh session for each call, so that signing out ends only that one. Issued as a password
   * sign-in issues it, without hashing the password again: over a thousand calls, that hash was
   * most of this file's time (the password grant itself has its example in the matrix).
   */
  async function tokenFor(caller: Caller): Promise<string | undefined> {
    if (caller === 'anonymous') return undefined
    const user = (await findUserById(tp.platform.db, userIds.get(caller)!))!
    return (await tp.platform.db.transaction((tx) => issueSession(tp.platform, tx, user))).access_token
  }

  /**
   * The snapshot once background work started by earlier calls has ended and the fixture's
   * project is active, as every example expects. A busy machine can leave it otherwise between two
   * calls: a transition retried on a timer (not a pending promise), or a health probe that got no
   * answer in time (UNKNOWN until the next check, 30 s later): that check is run again here.
   */
  async function settledSnapshot() {
    const deadline = Date.now() + 30_000
    for (;;) {
      await settle(tp.platform)
      const now = await snapshot(tp)
      const status = now.statusOf(fx.ref)
      if (status === 'ACTIVE_HEALTHY') return now.rows
      if (Date.now() > deadline) throw new Error(`The matrix project stayed ${status}`)
      if (status === 'UNKNOWN' || status === 'ACTIVE_UNHEALTHY') await checkHealth(tp.platform)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  const names = Object.keys(routes) as RouteName[]

  it('has an example for every route', () => {
    expect(names.sort()).toEqual(Object.keys(examples).sort())
  })

  describe.each(names)('%s', (name) => {
    const route = routes[name]
    const example = examples[name]

    it.each(CALLERS)('called by %s', async (caller) => {
      await example.before?.(tp, fx)
      // Set-ups started by earlier calls (a project created) end first: they change rows too.
      const before = await settledSnapshot()
      const res = await tp.call(route.method, example.path(fx), { token: await tokenFor(caller), body: example.body?.(fx) })
      const success = example.status ?? route.status
      let expected: number
      if (route.auth === 'public') expected = success
      else if (caller === 'anonymous') expected = 401
      else if (route.auth === 'service') expected = 403 // a user's token is not the service role's key
      else if (!route.scope) expected = success
      else if (caller === 'outsider') expected = 404
      else expected = roleCan(caller, route.action!) ? success : 403

      expect({ status: res.status, body: res.body }).toMatchObject({ status: expected })
      if (expected !== 204 && expected !== 303) {
        expect(res.headers.get('content-type')).toMatch(/^application\/json/)
        expect(res.headers.get('x-request-id')).toBeTruthy()
      }
      if (expected >= 400) {
        expect(res.body.requestId).toBe(res.headers.get('x-request-id'))
        // Refused: nothing was changed, and nothing of the organization was told.
        await settle(tp.platform)
        expect((await snapshot(tp)).rows).toBe(before)
        expect(JSON.stringify(res.body)).not.toContain('Matrix Org')
      }
    })
  })

  it("lists only the caller's own organizations and projects", async () => {
    const outsider = tokens.get('outsider')!
    const orgs = (await tp.call('GET', '/platform/organizations', { token: outsider })).body
    const names = orgs.map((o: { name: string }) => o.name)
    expect(names).toContain('Elsewhere')
    expect(names).not.toContain('Matrix Org')
    const projects = (await tp.call('GET', '/platform/projects', { token: outsider })).body
    expect(projects.map((p: { organization_slug: string }) => p.organization_slug)).not.toContain(fx.orgSlug)
    const perms = (await tp.call('GET', '/platform/profile/permissions', { token: tokens.get('Read-only')! })).body
    expect(perms.find((p: { organization_slug: string }) => p.organization_slug === fx.orgSlug).actions).toEqual(['organizations:read', 'billing:read', 'members:read', 'projects:read', 'sql:run', 'logs:read', 'auth:users:read', 'storage:read', 'realtime:inspect', 'functions:read'])
  })
})

describe('self-hosted mode refuses what it does not offer', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform({ isPlatform: false })
    await settle(tp.platform)
  })
  afterAll(async () => tp?.close())

  it.each(
    (Object.keys(routes) as RouteName[]).filter((name) => routes[name].platformOnly),
  )('%s answers 403 and creates nothing', async (name) => {
    const before = (await snapshot(tp)).rows
    const body = name === 'createProject' ? { name: 'More', organization_slug: 'default-org' } : { name: 'More' }
    const res = await tp.call(routes[name].method, routes[name].path, { body: routes[name].method === 'GET' ? undefined : body })
    expect(res.status).toBe(403)
    expect(res.body.message).toContain('Self-hosted mode has one organization and one project')
    expect((await snapshot(tp)).rows).toBe(before)
  })

  it('tells the dashboard through the permissions that it cannot create projects', async () => {
    const perms = (await tp.call('GET', '/platform/profile/permissions')).body
    expect(perms[0].actions).not.toContain('projects:create')
    expect(perms[0].actions).toContain('sql:run')
  })
})
