import { randomInt } from 'node:crypto'
import type { CreateProjectBody, Project, ProjectDetail } from '@/lib/api-types'
import { DEFAULT_PROVIDER, PROVIDERS } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import { badRequest, PlatformError } from '../http/errors'
import type { Platform } from '../platform'
import type { AuthUser } from '../auth/current-user'
import { requireMembership } from '../orgs/organizations'
import { requireProfile } from '../profile/profile'
import { PROJECT_COLUMNS, toProject, toProjectDetail, type ProjectRow } from './serialize'
import { startProvisioning } from './provision'

const REF_ALPHABET = 'abcdefghijklmnopqrstuvwxyz'
export const newProjectRef = () => Array.from({ length: 20 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')

const VISIBLE_TO_USER = `from projects p join organizations o on o.id = p.organization_id
  join organization_members m on m.organization_id = o.id join profiles pr on pr.id = m.profile_id
  where pr.user_id = $1 and p.status <> 'REMOVED'`

export async function listProjects(platform: Platform, user: AuthUser): Promise<Project[]> {
  await requireProfile(platform.db, user.id)
  const rows = await platform.db.query<ProjectRow>(`select ${PROJECT_COLUMNS} ${VISIBLE_TO_USER} order by p.inserted_at, p.id`, [user.id])
  return rows.map(toProject)
}

/** The project row when the user may see it; 404 'This project does not exist' otherwise. */
export async function requireProject(db: Queryable, user: AuthUser, ref: string): Promise<ProjectRow & { role: string }> {
  const [row] = await db.query<ProjectRow & { role: string }>(`select ${PROJECT_COLUMNS}, m.role ${VISIBLE_TO_USER} and p.ref = $2`, [user.id, ref])
  if (!row) throw new PlatformError(404, 'This project does not exist')
  return row
}

export async function getProjectDetail(platform: Platform, user: AuthUser, ref: string): Promise<ProjectDetail> {
  const row = await requireProject(platform.db, user, ref)
  if (row.status === 'ACTIVE_UNHEALTHY' && row.db_location) return toProjectDetail(await recheckHealth(platform, row))
  return toProjectDetail(row)
}

/**
 * A database that could not be reached (a self-hosted DATABASE_URL that was down at start) is
 * tried again whenever someone looks at the project, and the project recovers when it answers.
 */
async function recheckHealth<T extends ProjectRow>(platform: Platform, row: T): Promise<T> {
  try {
    const version = await platform.databases.version(row.db_location!)
    await platform.db.query(`update projects set status = 'ACTIVE_HEALTHY', status_message = null, db_version = $2 where ref = $1`, [row.ref, version])
    return { ...row, status: 'ACTIVE_HEALTHY', status_message: null, db_version: version }
  } catch {
    return row
  }
}

const CAN_CREATE_PROJECTS = new Set(['Owner', 'Administrator'])

export async function createProject(platform: Platform, user: AuthUser, body: CreateProjectBody): Promise<ProjectDetail> {
  const provider = body.cloud_provider ?? DEFAULT_PROVIDER
  const providerInfo = PROVIDERS[provider]
  const region = body.region ?? (provider === DEFAULT_PROVIDER ? platform.config.defaultRegion : providerInfo.defaultRegion)
  if (!providerInfo.regions.some((r) => r.code === region))
    throw badRequest(`Region ${region} is not available on ${providerInfo.label}. Choose one of: ${providerInfo.regions.map((r) => r.code).join(', ')}`)

  const row = await platform.db.transaction(async (tx) => {
    const org = await requireMembership(tx, user.id, body.organization_slug)
    if (!CAN_CREATE_PROJECTS.has(org.role)) throw new PlatformError(403, `Your role (${org.role}) cannot create projects in ${org.name}.`)
    const ref = newProjectRef()
    await tx.query(
      `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan)
       values ($1, $2, $3, 'COMING_UP', $4, $5, $6)`,
      [ref, body.name, org.id, provider, region, body.plan ?? 'free']
    )
    return requireProject(tx, user, ref)
  })
  startProvisioning(platform, row.ref, row.region)
  return toProjectDetail(row)
}
