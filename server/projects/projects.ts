import { randomInt } from 'node:crypto'
import { DEFAULT_PROVIDER, PLAN_NAMES, PROVIDERS, type CreateProjectBody, type OrganizationRole, type Project, type ProjectDetail } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import { badRequest, conflict } from '../kernel/errors'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess, ProjectAccess } from '../kernel/handler-types'
import { requireProfile } from '../profile/profile'
import { PROJECT_COLUMNS, toProject, toProjectDetail, type ProjectRow } from './serialize'
import { assertProjectRoom, lockOrganizationPlan } from './free-plan'

const REF_ALPHABET = 'abcdefghijklmnopqrstuvwxyz'
export const newProjectRef = () => Array.from({ length: 20 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')

const visibleTo = (userParam: string) => `from projects p join organizations o on o.id = p.organization_id
  join organization_members m on m.organization_id = o.id join profiles pr on pr.id = m.profile_id
  where pr.user_id = ${userParam} and p.status <> 'REMOVED'`
const VISIBLE_TO_USER = visibleTo('$1')

export async function listProjects(platform: Platform, user: AuthUser): Promise<Project[]> {
  await requireProfile(platform.db, user.id)
  const rows = await platform.db.query<ProjectRow>(`select ${PROJECT_COLUMNS} ${VISIBLE_TO_USER} order by p.inserted_at, p.id`, [user.id])
  return rows.map(toProject)
}

/**
 * The select of findVisibleProject with its parameters named by the caller (`$n`), so that the
 * router can ask it in the same statement as the session check (server/http/authenticate.ts).
 */
export const visibleProjectSql = (userParam: string, refParam: string) => `select ${PROJECT_COLUMNS}, m.role ${visibleTo(userParam)} and p.ref = ${refParam}`

/** The project with the caller's role in its organization, when they may see it. */
export async function findVisibleProject(db: Queryable, userId: string, ref: string): Promise<ProjectAccess | undefined> {
  const [row] = await db.query<ProjectRow & { role: OrganizationRole }>(visibleProjectSql('$1', '$2'), [userId, ref])
  return row
}

/**
 * A project is on its organization's plan (one plan per organization): a `plan` in the body is
 * only accepted when it is that plan. Read under the lock on the organization's row, so a plan
 * change at the same moment comes before or after, never in between.
 */
export async function createProject(
  platform: Platform,
  org: OrgAccess,
  body: CreateProjectBody,
  /** A clone of a backup (server/backups/clone.ts): its database starts as a copy of the backup's. */
  { cloneFromBackupId = null }: { cloneFromBackupId?: number | null } = {}
): Promise<ProjectDetail> {
  const provider = body.cloud_provider ?? DEFAULT_PROVIDER
  const providerInfo = PROVIDERS[provider]
  const region = body.region ?? (provider === DEFAULT_PROVIDER ? platform.config.defaultRegion : providerInfo.defaultRegion)
  if (!providerInfo.regions.some((r) => r.code === region))
    throw badRequest(`Region ${region} is not available on ${providerInfo.label}. Choose one of: ${providerInfo.regions.map((r) => r.code).join(', ')}`)
  const ref = newProjectRef()
  const row = await platform.db.transaction(async (tx) => {
    const locked = await lockOrganizationPlan(tx, org.id)
    const plan = locked.plan
    if (body.plan !== undefined && body.plan !== plan)
      throw badRequest(`Projects take their organization's plan (${PLAN_NAMES[plan]}). Change the organization's plan on its billing page first.`)
    await assertProjectRoom(tx, locked)
    // The plan column follows the organization's (server/billing/subscription.ts keeps it in step).
    await tx.query(
      `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan, clone_from_backup_id) values ($1, $2, $3, 'COMING_UP', $4, $5, $6, $7)`,
      [ref, body.name, org.id, provider, region, plan, cloneFromBackupId]
    )
    return readProject(tx, ref)
  })
  platform.scheduler.kick()
  return toProjectDetail(row)
}

/** A project by ref, whatever its status (for the platform's own use, not visibility). */
export async function readProject(db: Queryable, ref: string): Promise<ProjectRow> {
  const [row] = await db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from projects p join organizations o on o.id = p.organization_id where p.ref = $1`, [ref])
  return row
}

/** A set-up that gave up (INIT_FAILED) starts again from the first attempt. */
export async function retryProvisioning(platform: Platform, project: ProjectAccess): Promise<ProjectDetail> {
  const [row] = await platform.db.query<{ ref: string }>(
    `update projects set status = 'COMING_UP', status_message = null, provision_attempts = 0, next_provision_at = null, updated_at = now()
     where ref = $1 and status = 'INIT_FAILED' returning ref`,
    [project.ref]
  )
  if (!row) throw conflict(`Only a project whose set-up failed can be retried; this one is ${project.status}.`)
  platform.scheduler.kick()
  return toProjectDetail({ ...project, status: 'COMING_UP', status_message: null })
}
