/**
 * Where API tests run projects: the one path, a PostgreSQL server (the run's server, started as
 * the platform starts its own: tests/global-engine.ts). Suites written as `describe.each(BACKENDS)`
 * run once. `cluster` is that shared server: its URL (superuser) and port; it cannot be paused
 * (every suite uses it): a test that stops a server starts one of its own (startPgCluster).
 * Plus the few calls those tests make again and again.
 */
import type { OrganizationRole, PlanId } from '@/lib/api-types'
import type { ServerConfig } from '@/server/config'
import { engineUrl, settle, startTestPlatform, type TestPlatform } from './test-platform'
import type { PgCluster } from './pg-cluster'

export type Backend = {
  name: 'server'
  enabled: boolean
  /** A platform whose control plane and projects live on the run's server. */
  start(overrides?: Partial<ServerConfig>): Promise<{ tp: TestPlatform; cluster: PgCluster; stop(): Promise<void> }>
}

/** The run's server, as a cluster a test can connect to but not stop. */
export function sharedCluster(): PgCluster {
  const url = engineUrl()
  const refuse = async () => {
    throw new Error('The shared test server cannot be stopped: start a cluster of your own (startPgCluster)')
  }
  return { url, port: Number(new URL(url).port), pause: refuse, resume: refuse, stop: async () => {} }
}

export const BACKENDS: Backend[] = [
  {
    name: 'server',
    enabled: true,
    async start(overrides = {}) {
      const tp = await startTestPlatform(overrides)
      return { tp, cluster: sharedCluster(), stop: () => tp.close() }
    },
  },
]

/** A signed-up user with a profile and an organization of their own. */
export async function ownerWithOrg(tp: TestPlatform, orgName = 'Lifecycle Org') {
  const user = await tp.signUp()
  await tp.call('POST', '/platform/profile', { token: user.token })
  const org = (await tp.call('POST', '/platform/organizations', { token: user.token, body: { name: orgName } })).body as { id: number; slug: string }
  return { token: user.token, org }
}

/** Another user, made a member of the organization with the given role. */
export async function memberOf(tp: TestPlatform, orgId: number, role: OrganizationRole): Promise<string> {
  const email = `member-${role.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  const user = await tp.signUp(email)
  await tp.call('POST', '/platform/profile', { token: user.token })
  await tp.platform.db.query(
    `insert into organization_members (organization_id, profile_id, role) select $1, p.id, $3 from profiles p join users u on u.id = p.user_id where u.email = $2`,
    [orgId, email, role]
  )
  return user.token
}

/**
 * Moves the organization to a plan, as its Owner would on the billing page (PUT subscription).
 * Enterprise is arranged with sales, not self-served: it is set in the control plane directly.
 */
export async function organizationOnPlan(tp: TestPlatform, token: string, orgSlug: string, plan: PlanId): Promise<void> {
  if (plan === 'enterprise') {
    await tp.platform.db.query(`update organizations set plan = 'enterprise', tier = 'tier_enterprise' where slug = $1`, [orgSlug])
    await tp.platform.db.query(`update projects set plan = 'enterprise' where organization_id = (select id from organizations where slug = $1)`, [orgSlug])
    await tp.platform.db.query(`insert into organization_subscriptions (organization_id, tier) select id, 'tier_enterprise' from organizations where slug = $1`, [orgSlug])
    return
  }
  const res = await tp.call('PUT', `/platform/organizations/${orgSlug}/billing/subscription`, { token, body: { tier: `tier_${plan}` } })
  if (res.status !== 200) throw new Error(`plan change failed: ${JSON.stringify(res.body)}`)
}

/**
 * Creates a project and waits until its database is up. A project is on its organization's plan:
 * with `plan`, the organization moves to that plan first (when it is not on it already).
 */
export async function activeProject(
  tp: TestPlatform,
  token: string,
  orgSlug: string,
  extra: { plan?: PlanId } & Record<string, unknown> = {}
): Promise<string> {
  if (extra.plan) {
    const [org] = await tp.platform.db.query<{ plan: PlanId }>('select plan from organizations where slug = $1', [orgSlug])
    if (org?.plan !== extra.plan) await organizationOnPlan(tp, token, orgSlug, extra.plan)
  }
  const res = await tp.call('POST', '/platform/projects', { token, body: { name: `Project ${Date.now()}`, organization_slug: orgSlug, ...extra } })
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`)
  await settle(tp.platform)
  return res.body.ref
}

/** Runs SQL through the API; answers status and body (results=all). */
export function runSql(tp: TestPlatform, token: string, ref: string, query: string) {
  return tp.call('POST', `/platform/pg-meta/${ref}/query?results=all`, { token, body: { query } })
}

/** The last statement's rows of SQL run as `token` through the SQL endpoint; throws when it fails. */
export async function rowsOf(tp: TestPlatform, token: string, ref: string, query: string): Promise<Record<string, unknown>[]> {
  const res = await runSql(tp, token, ref, query)
  if (res.status !== 200) throw new Error(`${query}: ${JSON.stringify(res.body)}`)
  return res.body.results.at(-1)?.rows as Record<string, unknown>[]
}

export async function statusOf(tp: TestPlatform, ref: string): Promise<string> {
  const [row] = await tp.platform.db.query<{ status: string }>('select status from projects where ref = $1', [ref])
  return row.status
}

/**
 * What tests of a Read-only member start from: a platform on `backend`, an owner with an
 * organization (`orgName`), an active project of theirs (`project`: on Pro unless it says
 * otherwise) and a Read-only member of the organization. A failed set-up stops the platform.
 */
export async function startWithReader(
  backend: Backend,
  opts: { overrides?: Partial<ServerConfig>; orgName?: string; project?: { plan?: PlanId } & Record<string, unknown> } = {}
) {
  const started = await backend.start(opts.overrides)
  try {
    const { token: owner, org } = await ownerWithOrg(started.tp, opts.orgName)
    const ref = await activeProject(started.tp, owner, org.slug, opts.project ?? { plan: 'pro' })
    const reader = await memberOf(started.tp, org.id, 'Read-only')
    return { ...started, owner, org, ref, reader }
  } catch (error) {
    await started.stop()
    throw error
  }
}
