/**
 * Minor upgrades. The project's database lives on a PostgreSQL server the platform runs (or one
 * of PROJECT_DB_SERVERS): a minor release of the server is new binaries and a restart of the
 * whole server, which every database gets at once. What stays behind, per database, is its
 * extensions: a server ships each extension's newest version (`pg_available_extensions.
 * default_version`), but a database keeps the version it was created at (`pg_extension.
 * extversion`) until someone runs `ALTER EXTENSION … UPDATE`. That is the upgrade here.
 *
 * Offered when at least one extension is behind and the server has an update path to its default
 * version. Asking puts the project in UPGRADING (only from ACTIVE_HEALTHY, not while a backup is
 * being made: 409 with a sentence); the scheduler claims it like every transition (transitions.ts,
 * a lease on the row) and runs `runUpgrade`: every update in one transaction as the server's
 * admin (an extension the project's role owns is updated as that role, exactly what the project
 * could run itself; one the platform made, as the admin in the sealed `extensions` schema), then
 * the database's sessions are ended so they reconnect to the new code, and the project is
 * ACTIVE_HEALTHY with what was done recorded (`projects.last_upgrade`). A failure changes nothing
 * (the transaction rolls back): the project is ACTIVE_HEALTHY again with the reason recorded and
 * shown. A claim cut off is finished by the next one: what is already updated is no longer behind.
 */
import pg from 'pg'
import type { LastUpgrade, OutdatedExtension, ProjectDetail, UpgradeStatus } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { conflict, PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { isDatabaseUnavailable } from '../databases'
import { adminUrlOf, projectDatabase, withProjectAdmin } from '../databases/project-admin'
import { letGo } from '../backups/backups'
import { retryDelayMs } from './provision'
import { readProject } from './projects'
import { toProjectDetail } from './serialize'
import type { TransitionClaim } from './transition-claim'
import { releaseLease } from './lease'
import { lockingProject } from './locking-project'

/** Tries of a claim that could not reach the server before the upgrade gives up. */
const MAX_TRIES = 3

type Outdated = OutdatedExtension & { owner: string; by_superuser: boolean }

/** Extensions behind the server's default version, with a path to it; and the server's version. */
const OUTDATED_SQL = `select e.extname::text as name, e.extversion::text as installed_version, a.default_version::text as default_version,
    r.rolname::text as owner, r.rolsuper as by_superuser, pg_catalog.current_setting('server_version') as postgres
  from pg_catalog.pg_extension e
  join pg_catalog.pg_available_extensions a on a.name = e.extname
  join pg_catalog.pg_roles r on r.oid = e.extowner
  where a.default_version is distinct from e.extversion
    and exists (select 1 from pg_catalog.pg_extension_update_paths(e.extname) u
                where u.source = e.extversion and u.target = a.default_version and u.path is not null)
  order by e.extname`

async function readOutdated(client: pg.Client): Promise<{ postgres: string; outdated: Outdated[] }> {
  const { rows } = await client.query<Outdated & { postgres: string }>(OUTDATED_SQL)
  const postgres = rows[0]?.postgres ?? (await client.query<{ v: string }>(`select pg_catalog.current_setting('server_version') as v`)).rows[0].v
  return { postgres, outdated: rows.map(({ postgres: _, ...row }) => row) }
}

/** Why the platform cannot upgrade this project's database at all, or null. */
function cannotUpgrade(platform: Platform, project: Pick<ProjectAccess, 'region' | 'db_location'>): string | null {
  if (!project.db_location) return 'The project has no database yet.'
  if (project.db_location.given || !adminUrlOf(platform, project.region))
    return "This project's database was given to the platform as it is: update its extensions yourself with ALTER EXTENSION … UPDATE."
  return null
}

const describe = (status: string) => status.toLowerCase().replace(/_/g, ' ')
const publicOf = (rows: Outdated[]): OutdatedExtension[] => rows.map(({ name, installed_version, default_version }) => ({ name, installed_version, default_version }))

async function lastUpgradeOf(platform: Platform, ref: string): Promise<LastUpgrade | null> {
  const [row] = await platform.db.query<{ last_upgrade: LastUpgrade | null }>('select last_upgrade from projects where ref = $1', [ref])
  return row?.last_upgrade ?? null
}

export async function readUpgradeStatus(platform: Platform, project: ProjectAccess): Promise<UpgradeStatus> {
  const last = await lastUpgradeOf(platform, project.ref)
  const none = (reason: string): UpgradeStatus => ({ available: false, postgres: null, extensions: [], last, unavailable_reason: reason })
  if (project.status === 'UPGRADING') return none('An upgrade is under way.')
  if (project.status !== 'ACTIVE_HEALTHY') return none(`The project is ${describe(project.status)}: its extensions can be read once it is active and healthy.`)
  const refusal = cannotUpgrade(platform, project)
  if (refusal) return none(refusal)
  try {
    const { postgres, outdated } = await withProjectAdmin(platform, project, projectDatabase(project.ref), readOutdated)
    return { available: outdated.length > 0, postgres, extensions: publicOf(outdated), last, unavailable_reason: null }
  } catch (error) {
    console.warn(`Reading the extensions of project ${project.ref} failed:`, (error as Error).message)
    return none('The database did not answer when its extensions were read. Try again in a moment.')
  }
}

/**
 * An upgrade asked at the same moment by another request ends the database's sessions, the read
 * of this one's among them: that is a 409 about the upgrade, not a database that did not answer.
 */
async function refuseIfUpgradedMeanwhile(platform: Platform, ref: string, before: LastUpgrade | null) {
  const [now] = await platform.db.query<{ status: string; last_upgrade: LastUpgrade | null }>('select status, last_upgrade from projects where ref = $1', [ref])
  if (now?.status === 'UPGRADING') throw conflict('An upgrade of this project is already under way.')
  if (now && now.last_upgrade?.at !== before?.at) throw conflict('This project was upgraded a moment ago; its upgrade status shows what was done.')
}

/** Puts the project in UPGRADING; 409 with a sentence when there is nothing to do or something else is under way. */
export async function requestUpgrade(platform: Platform, project: ProjectAccess, user: AuthUser | null): Promise<ProjectDetail> {
  if (project.status === 'UPGRADING') throw conflict('An upgrade of this project is already under way.')
  if (project.status !== 'ACTIVE_HEALTHY') throw conflict(`Only an active, healthy project can be upgraded; this one is ${describe(project.status)}.`)
  const refusal = cannotUpgrade(platform, project)
  if (refusal) throw conflict(refusal)
  // Asked before the row is locked: no control-plane connection waits on the project's server.
  const before = await lastUpgradeOf(platform, project.ref)
  let outdated: Outdated[]
  try {
    ;({ outdated } = await withProjectAdmin(platform, project, projectDatabase(project.ref), readOutdated))
  } catch (error) {
    await refuseIfUpgradedMeanwhile(platform, project.ref, before)
    console.warn(`Reading the extensions of project ${project.ref} failed:`, (error as Error).message)
    throw new PlatformError(503, 'The database did not answer when its extensions were read. Try again in a moment.')
  }
  if (outdated.length === 0) throw conflict('Nothing to upgrade: every extension of this project is at the version its server ships.')
  const row = await lockingProject(platform, () => platform.db.transaction(async (tx) => {
    const [current] = await tx.query<{ status: string; organization_id: number }>(
      'select status, organization_id::int as organization_id from projects where ref = $1 for update',
      [project.ref]
    )
    if (!current) throw new PlatformError(404, 'This project does not exist')
    // Transferred meanwhile (transfer.ts): the caller's right was checked in the organization it left.
    if (current.organization_id !== project.organization_id) throw conflict('This project has just been moved to another organization; open it there.')
    if (current.status === 'UPGRADING') throw conflict('An upgrade of this project is already under way.')
    if (current.status !== 'ACTIVE_HEALTHY') throw conflict(`Only an active, healthy project can be upgraded; this one is ${describe(current.status)}.`)
    const making = await tx.query(`select 1 from project_backups where project_ref = $1 and status = 'pending'`, [project.ref])
    if (making.length) throw conflict('A backup of this project is being made; upgrade once it is done.')
    await tx.query(
      `update projects set status = 'UPGRADING', status_message = null, transition_attempts = 0, next_transition_at = null, updated_at = now() where ref = $1`,
      [project.ref]
    )
    return readProject(tx, project.ref)
  }))
  await recordAudit(platform.db, {
    organizationId: row.organization_id,
    action: 'project.upgraded',
    actor: user && { id: user.id, email: user.email },
    target: { type: 'project', id: row.ref, name: row.name },
    details: { extensions: outdated.map((e) => `${e.name} ${e.installed_version} → ${e.default_version}`) },
  })
  return toProjectDetail(row)
}

/** Every update in one transaction: all land, or none. Answers what was updated. */
async function updateExtensions(client: pg.Client): Promise<{ postgres: string; updated: LastUpgrade['extensions'] }> {
  await client.query('BEGIN')
  try {
    // The admin's own role and a search_path the project cannot add to; a lock held by the
    // project's own sessions fails the upgrade instead of holding it (and the lease) forever.
    await client.query(`SET LOCAL ROLE NONE; SET LOCAL search_path = pg_catalog; SET LOCAL lock_timeout = '10s'; SET LOCAL statement_timeout = '60s'`)
    const { postgres, outdated } = await readOutdated(client)
    for (const extension of outdated) {
      // The project's own extension is updated as the project's role: what it could run itself.
      await client.query(extension.by_superuser ? 'SET LOCAL ROLE NONE' : `SET LOCAL ROLE ${pg.escapeIdentifier(extension.owner)}`)
      await client.query(`ALTER EXTENSION ${pg.escapeIdentifier(extension.name)} UPDATE TO ${pg.escapeLiteral(extension.default_version)}`)
    }
    await client.query('COMMIT')
    return { postgres, updated: outdated.map((e) => ({ name: e.name, from: e.installed_version, to: e.default_version })) }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/** Ends the upgrade; only while the project is still UPGRADING under this claim. */
async function finish(platform: Platform, claim: TransitionClaim, last: LastUpgrade, version: string | null) {
  await platform.db.query(
    `update projects set status = 'ACTIVE_HEALTHY', status_message = $2, last_upgrade = $3, db_version = coalesce($4, db_version),
       unhealthy_since = null, last_activity_at = now(), next_transition_at = null, lease_owner = null, lease_until = null, updated_at = now()
     where ref = $1 and status = 'UPGRADING' and lease_owner = $5`,
    [claim.ref, last.ok ? null : last.note, JSON.stringify(last), version, claim.lease]
  )
  await releaseLease(platform, claim.ref, claim.lease)
}

const listed = (updated: LastUpgrade['extensions']) => updated.map((e) => `${e.name} ${e.from} → ${e.to}`).join(', ')

/** The background half (called by transitions.ts for a claimed UPGRADING project). Answers the wait before the next try, or null. */
export async function runUpgrade(platform: Platform, claim: TransitionClaim): Promise<number | null> {
  const at = new Date().toISOString()
  let done: LastUpgrade['extensions'] | null = null
  try {
    const location = claim.db_location
    if (!location) throw new Error('the project has no database')
    const { postgres, updated } = await withProjectAdmin(platform, claim, projectDatabase(claim.ref), updateExtensions)
    done = updated
    // Sessions keep the code they loaded: the platform's own let go, the rest are ended.
    await letGo(platform, claim.ref, location, 'restart')
    await platform.databases.restart(location, claim.region)
    const version = await platform.databases.version(location)
    const note = updated.length
      ? `Updated ${listed(updated)} on PostgreSQL ${postgres}; open sessions were ended so they reconnect.`
      : `Every extension was already at the version PostgreSQL ${postgres} ships.`
    await finish(platform, claim, { at, ok: true, note, postgres, extensions: updated }, version)
    return null
  } catch (error) {
    console.error(`Upgrading project ${claim.ref} failed (attempt ${claim.attempts}):`, error)
    // Not reached (or lost after the updates): tried again, which finds what is still behind.
    if (isDatabaseUnavailable(error) || (error instanceof Error && /ECONNREFUSED|timeout expired|connection timeout/i.test(error.message))) {
      if (claim.attempts < MAX_TRIES) {
        const delay = retryDelayMs(platform.config.provisionRetryBaseMs, claim.attempts)
        await platform.db.query(
          `update projects set status_message = $2, next_transition_at = now() + make_interval(secs => $3), lease_owner = null, lease_until = null, updated_at = now()
           where ref = $1 and status = 'UPGRADING' and lease_owner = $4`,
          [claim.ref, `The database did not answer the upgrade (attempt ${claim.attempts}); it is tried again by itself.`, delay / 1000, claim.lease]
        )
        return delay
      }
    }
    const why = (error as Error).message.replace(/\.?$/, '.')
    const note = done
      ? `Upgrading updated ${listed(done) || 'nothing'}, but ending the open sessions failed at ${at}: ${why} Restart the project so they reconnect.`
      : `Upgrading failed at ${at}: ${why} Nothing was changed; try again, or contact support with the project reference ${claim.ref}.`
    await finish(platform, claim, { at, ok: false, note, postgres: null, extensions: done ?? [] }, null)
    return null
  }
}
