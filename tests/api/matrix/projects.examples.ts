import { randomUUID } from 'node:crypto'
import type { projectRoutes, sqlRoutes } from '@/lib/api-types'
import type { TestPlatform } from '../../helpers/test-platform'
import { settle } from '../../helpers/test-platform'
import { unique, type Examples, type Fixture } from './types'

/**
 * Lifecycle routes change or remove the project they act on: each call gets a project of its own
 * in the status the action applies to (a row without a database is enough: the answer comes
 * before the background work), so the fixture's project survives every call.
 */
let target = ''
async function projectIn(tp: TestPlatform, fx: Fixture, status: string) {
  await settle(tp.platform)
  await onPlan(tp, fx, 'pro')
  target = `m${unique().replace(/\D/g, '')}`.slice(0, 20)
  await tp.platform.db.query(
    `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan)
     select $1, $2, id, $3, 'AWS', 'us-east-1', plan from organizations where slug = $4`,
    [target, `Matrix lifecycle ${target}`, status, fx.orgSlug]
  )
}

/**
 * Projects are on their organization's plan, and the fixture's Free places are taken: the project
 * examples (creating, restoring, branching) run with the organization on Pro. The examples after
 * them expect it on Free again (billing's "change to Free changes nothing"): the first of them
 * here puts it back. Set in the control plane, as the examples' states are.
 */
async function onPlan(tp: TestPlatform, fx: Fixture, plan: 'free' | 'pro') {
  await tp.platform.db.query(`update organizations set plan = $2, tier = $3 where slug = $1`, [fx.orgSlug, plan, `tier_${plan}`])
  await tp.platform.db.query(`update projects set plan = $2 where organization_id = (select id from organizations where slug = $1)`, [fx.orgSlug, plan])
}

export const projectExamples: Examples<typeof projectRoutes> = {
  listProjects: { path: () => '/platform/projects' },
  // On a paid plan: the organization's Free places are taken by the fixture.
  createProject: {
    path: () => '/platform/projects',
    body: (fx) => ({ name: `Matrix ${unique()}`, organization_slug: fx.orgSlug, plan: 'pro' }),
    before: (tp, fx) => onPlan(tp, fx, 'pro'),
  },
  getProject: { path: (fx) => `/platform/projects/${fx.ref}` },
  getPauseStatus: { path: (fx) => `/platform/projects/${fx.ref}/pause-status` },
  updateProject: { path: (fx) => `/platform/projects/${fx.ref}`, body: () => ({ name: 'Matrix project' }) },
  retryProjectProvisioning: {
    path: (fx) => `/platform/projects/${fx.failedRef}/retry-provisioning`,
    before: async (tp, fx) => {
      await settle(tp.platform)
      await tp.platform.db.query(`update projects set status = 'INIT_FAILED', status_message = 'failed' where ref = $1`, [fx.failedRef])
    },
  },
  pauseProject: { path: () => `/platform/projects/${target}/pause`, before: (tp, fx) => projectIn(tp, fx, 'ACTIVE_HEALTHY') },
  restoreProject: { path: () => `/platform/projects/${target}/restore`, before: (tp, fx) => projectIn(tp, fx, 'INACTIVE') },
  restartProject: { path: () => `/platform/projects/${target}/restart`, before: (tp, fx) => projectIn(tp, fx, 'ACTIVE_HEALTHY') },
  deleteProject: { path: () => `/platform/projects/${target}`, before: (tp, fx) => projectIn(tp, fx, 'ACTIVE_HEALTHY') },
  // Not in read-only mode: the roles allowed are told so (409); the others 403.
  allowProjectWrites: { path: (fx) => `/platform/projects/${fx.ref}/read-only/allow-writes`, status: 409 },
  listBranches: { path: (fx) => `/platform/projects/${fx.ref}/branches` },
  createBranch: {
    path: (fx) => `/platform/projects/${fx.ref}/branches`,
    body: () => ({ name: `branch-${unique()}` }),
    // On a paid plan, so the Free places do not run out.
    before: async (tp, fx) => {
      await settle(tp.platform)
      await onPlan(tp, fx, 'pro')
    },
  },
}

export const sqlExamples: Examples<typeof sqlRoutes> = {
  runQuery: {
    path: (fx) => `/platform/pg-meta/${fx.ref}/query`,
    body: () => ({ query: 'select 1 as one' }),
    // The project examples are done: the organization is back on its Free plan (see onPlan).
    before: (tp, fx) => onPlan(tp, fx, 'free'),
  },
  // No such table: every member may ask, and gets no row.
  tableDetail: { path: (fx) => `/platform/pg-meta/${fx.ref}/table-detail?schema=public&table=nothing_here` },
  // A run nobody started: every member may ask, and learns only that nothing was cancelled.
  cancelQuery: { path: (fx) => `/platform/projects/${fx.ref}/query/${randomUUID()}/cancel` },
}
