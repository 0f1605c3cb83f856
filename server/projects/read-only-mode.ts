/**
 * Read-only mode: a project whose database (with its backups) is larger than its plan's size per
 * project (the quota of a capped tier, server/billing/quotas.ts) is made read-only at the next
 * usage sample, and writable again at the first sample that finds it back under the quota (data
 * deleted, or the organization upgraded to a plan with more room or none).
 *
 * It holds, whatever transaction a client asks for (`BEGIN READ WRITE`, `SET
 * default_transaction_read_only = off`): a session default alone is a request, and the disk every
 * project shares is what it protects. So, as the server's admin:
 * - the database's sessions default to read-only transactions (`ALTER DATABASE … SET`), for the
 *   data API (whose gate refuses writes too) and the platform's own sessions;
 * - the project's role loses CONNECT on its database (`REVOKE … CASCADE`, which takes the CONNECT
 *   it granted the roles it made as well, noted to be given back): no client of the project's own
 *   gets in, direct or through a role it made, so none can write;
 * - the database's open sessions are ended.
 * The platform's own work goes on as the project's service role (server/databases/service-role.ts,
 * its own CONNECT): health and size are measured, and the SQL editor, the dashboard's reads and
 * the auth service (server/project-auth/database.ts) run in a read-only transaction they cannot
 * leave: the auth service reads its users and signs nobody in (the `auth` schema is the project's,
 * and a trigger there would write in any writable transaction).
 *
 * To free space, an Owner or Admin allows writes for WRITABLE_MINUTES (`allowWrites`): the hold is
 * undone meanwhile, and put back when the time is up, or at once when a sample finds the database
 * grown past its size at that moment (the window is for deleting, not writing more).
 *
 * Only databases on servers the platform manages (an admin is needed); a database given as it is
 * (self-hosted) is never put in read-only mode. Self-hosted mode has no quotas at all.
 */
import pg from 'pg'
import type { PlanTier } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import { TIERS } from '@/lib/billing/tiers'
import { formatBytes } from '@/lib/format-bytes'
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation } from '../databases'
import { RUNNING_STATUSES } from '../billing/daily-usage'
import { databaseSizeQuota } from '../billing/quotas'
import { adminUrlOf, projectDatabase, withProjectAdmin } from '../databases/project-admin'
import { releaseProject } from '../gateway/services'
import { conflict } from '../kernel/errors'
import { serviceLocation } from '../sql/read-only-location'

/** How long writes are allowed to free space. */
export const WRITABLE_MINUTES = 15
/** What a database may grow by while writes are allowed (an index rebuilt, the log of a delete). */
const GROWTH_ALLOWED_BYTES = 8 * 1024 * 1024

type Candidate = {
  id: number
  ref: string
  region: string
  db_location: ProjectDbLocation
  bytes: string
  read_only: boolean
  enforced: boolean
  lifted: boolean
  lift_bytes: string | null
  grants: HeldGrant[] | null
  tier: PlanTier
  /** Whether `bytes` holds backups besides the database. */
  with_backups: boolean
}

/** A CONNECT the project's role had granted on its database (given back when the hold ends). */
type HeldGrant = { grantee: string; grantable: boolean }

const ident = pg.escapeIdentifier

/** Why a project is read-only, in one sentence for the banner and the settings page. */
export function readOnlyNote(tier: PlanTier, bytes: number, quota: number, withBackups = false): string {
  const planName = planNumbers(TIERS[tier].plan).name
  return `The database${withBackups ? ' and its backups' : ''} use${withBackups ? '' : 's'} ${formatBytes(bytes)}; the ${planName} plan includes ${formatBytes(quota)} per project.`
}

/** Holds the database read-only; answers the CONNECT grants of the project's role taken with it. */
async function hold(platform: Platform, project: Candidate): Promise<HeldGrant[]> {
  const database = projectDatabase(project.ref)
  const grants = await withProjectAdmin(platform, project, null, async (admin) => {
    await admin.query(`ALTER DATABASE ${ident(database)} SET default_transaction_read_only = on`)
    const { rows } = await admin.query<HeldGrant>(
      `select pg_catalog.pg_get_userbyid(a.grantee) as grantee, a.is_grantable as grantable
       from pg_catalog.pg_database d, pg_catalog.aclexplode(d.datacl) a
       where d.datname = $1 and a.privilege_type = 'CONNECT' and a.grantor = (select oid from pg_catalog.pg_roles where rolname = $1)`,
      [database]
    )
    await admin.query(`REVOKE CONNECT ON DATABASE ${ident(database)} FROM ${ident(database)} CASCADE`)
    return rows
  })
  // Sessions keep what they started with: end them all (the platform's reconnect as its service
  // role). This instance's services let go first (PostgREST starts again on the next request).
  await releaseProject(platform, project.ref, 'read-only')
  await platform.databases.restart(project.db_location, project.region)
  return grants
}

/** Undoes the hold: the session default, the project's role's CONNECT and what it had granted. */
async function release(platform: Platform, project: Candidate) {
  const database = projectDatabase(project.ref)
  await withProjectAdmin(platform, project, null, async (admin) => {
    await admin.query(`ALTER DATABASE ${ident(database)} RESET default_transaction_read_only`)
    await admin.query(`GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${ident(database)} TO ${ident(database)} WITH GRANT OPTION`)
    for (const grant of project.grants ?? [])
      // As the project's role: its grant, as it was (a role dropped meanwhile is skipped).
      await admin
        .query(
          `SET ROLE ${ident(database)}; GRANT CONNECT ON DATABASE ${ident(database)} TO ${ident(grant.grantee)}${grant.grantable ? ' WITH GRANT OPTION' : ''}; RESET ROLE`
        )
        .catch((e) => console.warn(`[read-only] could not give CONNECT back to ${grant.grantee} in ${database}: ${(e as Error).message}`))
  })
  await releaseProject(platform, project.ref, 'read-only')
  await platform.databases.restart(project.db_location, project.region)
}

/**
 * Moves each running project of the organization (or of all) into or out of read-only mode from
 * its last measured size (usage sampling stores it just before), and holds or releases its
 * database as the mode and a window of writes say. Answers the refs that changed.
 */
export async function updateReadOnlyModes(platform: Platform, organizationId: number | null = null): Promise<string[]> {
  if (!platform.config.isPlatform) return []
  const candidates = await platform.db.query<Candidate>(
    // Its backups count too: each is a copy of the database on the disk every project shares.
    `select p.id::int as id, p.ref, p.region, p.db_location, p.read_only_at is not null as read_only, o.tier,
        p.read_only_enforced as enforced, coalesce(p.read_only_lifted_until > now(), false) as lifted,
        p.read_only_lift_bytes::text as lift_bytes, p.read_only_grants as grants,
        (p.db_size_bytes + coalesce((select sum(b.size_bytes) from project_backups b where b.project_ref = p.ref and b.status = 'completed'), 0))::text as bytes,
        exists (select 1 from project_backups b where b.project_ref = p.ref and b.status = 'completed' and b.size_bytes > 0) as with_backups
       from projects p join organizations o on o.id = p.organization_id
      where p.db_location is not null and p.db_size_bytes is not null and p.status = any($1::text[])
        and ($2::bigint is null or p.organization_id = $2)`,
    [RUNNING_STATUSES, organizationId]
  )
  const changed: string[] = []
  for (const project of candidates) {
    const bytes = Number(project.bytes)
    const quota = databaseSizeQuota(platform.config, project.tier)
    const over = quota !== null && bytes > quota
    // Writes allowed to free space end early when the database grew meanwhile.
    const grew = project.lifted && project.lift_bytes !== null && bytes > Number(project.lift_bytes) + GROWTH_ALLOWED_BYTES
    const enforce = over && (!project.lifted || grew)
    if ((over === project.read_only && enforce === project.enforced && !grew) || !adminUrlOf(platform, project.region)) continue
    try {
      // The platform's own login first: it is how the platform reaches a held database.
      project.db_location = await serviceLocation(platform, project.ref, project.region, project.db_location)
      let grants = project.grants
      if (enforce && !project.enforced) grants = await hold(platform, project)
      if (!enforce && project.enforced) {
        await release(platform, project)
        grants = null
      }
      // Only from the state read above: another instance that moved it first wins.
      const updated = await platform.db.query(
        `update projects set read_only_at = case when $2 then coalesce(read_only_at, now()) end, read_only_note = $3,
           read_only_enforced = $4, read_only_grants = $5::jsonb,
           read_only_lifted_until = case when $2 and not $6 then read_only_lifted_until end,
           read_only_lift_bytes = case when $2 and not $6 then read_only_lift_bytes end, updated_at = now()
          where id = $1 and read_only_enforced = $7 and (read_only_at is not null) = $8 returning id`,
        [project.id, over, over ? readOnlyNote(project.tier, bytes, quota!, project.with_backups) : null, enforce, grants ? JSON.stringify(grants) : null, grew, project.enforced, project.read_only]
      )
      if (updated.length) changed.push(project.ref)
    } catch (error) {
      console.warn(`Changing the read-only mode of project ${project.ref} failed:`, (error as Error).message)
    }
  }
  return changed
}

/**
 * Allows writes to a project in read-only mode for WRITABLE_MINUTES, to free space (an Owner's or
 * Admin's choice, refused otherwise by the route): released now, held again when the time is up.
 */
export async function allowWrites(platform: Platform, project: { ref: string; organization_id: number }): Promise<void> {
  // The window's growth is counted from the size now: the last sample may be older than the
  // database (taken while a table was still filling), and a window measured from it would end at
  // the next sample for growth the project had before it began.
  const [found] = await platform.db.query<{ id: number; region: string; db_location: ProjectDbLocation | null }>(
    'select id::int as id, region, db_location from projects where ref = $1',
    [project.ref]
  )
  if (found?.db_location) {
    try {
      const bytes = await platform.databases.sizeBytes(found.db_location, found.region)
      await platform.db.query('update projects set db_size_bytes = $2, db_size_measured_at = now() where id = $1', [found.id, bytes])
    } catch (error) {
      console.warn(`Measuring the database size of project ${project.ref} failed; the window counts from its last sample:`, (error as Error).message)
    }
  }
  const [row] = await platform.db.query<{ id: number }>(
    // The size as read-only mode measures it: the database and its backups.
    `update projects p set read_only_lifted_until = now() + make_interval(mins => $2), updated_at = now(),
        read_only_lift_bytes = p.db_size_bytes + coalesce((select sum(b.size_bytes) from project_backups b where b.project_ref = p.ref and b.status = 'completed'), 0)
      where p.ref = $1 and p.read_only_at is not null returning p.id`,
    [project.ref, WRITABLE_MINUTES]
  )
  if (!row) throw conflict('This project is not in read-only mode: it takes writes already.')
  await updateReadOnlyModes(platform, project.organization_id)
}
