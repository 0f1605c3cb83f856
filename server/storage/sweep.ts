/**
 * Bytes no object names any more are removed (the scheduler's pass, at most hourly per app copy):
 * a version listed in the ledger a day ago or more, not a part of an upload under way (multipart or resumable),
 * that no row of the project's `storage.objects` names. Such bytes come from an upload whose row
 * never committed (the app stopped between the two), and from a restore, which brings a project's
 * rows back as they were in the backup (a backup holds the database, not the bytes). A day, so
 * that no upload still under way loses its bytes.
 */
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation } from '../databases'
import type { Caller } from './caller'
import { objectKey } from './context'
import type { StorageDatabases } from './database'
import type { StorageBackend } from './backend/types'
import { forgetVersions } from './ledger'

const EVERY_MS = 60 * 60 * 1000
/** Versions looked at in one pass of one project. */
const BATCH = 5000

const SWEEPER: Caller = { role: 'service_role', claims: { role: 'service_role' }, sub: null, authenticated: true, statementTimeoutSeconds: 60 }

let lastPass = 0

type Candidate = { project_ref: string; region: string; db_location: ProjectDbLocation; read_only: boolean; versions: string[] }

/** One pass over every serving project with old versions; answers how many versions' bytes went. */
export async function sweepOrphanBytes(platform: Platform, databases: StorageDatabases, backend: StorageBackend, { force = false } = {}): Promise<number> {
  if (!force && Date.now() - lastPass < EVERY_MS) return 0
  lastPass = Date.now()
  const projects = await platform.db.query<Candidate>(
    `select p.ref as project_ref, p.region, p.db_location, p.read_only_enforced as read_only,
            array(select v.version from storage_versions v
                   where v.project_ref = p.ref and v.created_at < now() - interval '1 day'
                     and not exists (select 1 from storage_s3_multipart_parts mp join storage_s3_multipart_uploads mu using (upload_id)
                                      where mu.project_ref = p.ref and mp.version = v.version)
                     and not exists (select 1 from storage_resumable_parts rp join storage_resumable_uploads ru on ru.id = rp.upload_id
                                      where ru.project_ref = p.ref and rp.version = v.version)
                   order by v.created_at limit ${BATCH}) as versions
       from projects p
      where p.status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY') and p.db_location is not null and not coalesce((p.db_location->>'given')::boolean, false)
        and exists (select 1 from storage_versions v where v.project_ref = p.ref and v.created_at < now() - interval '1 day')`
  )
  let removed = 0
  for (const project of projects) {
    if (!project.versions.length) continue
    try {
      const db = await databases.open({ ref: project.project_ref, region: project.region, db_location: project.db_location, read_only: project.read_only })
      const named = await db.as(SWEEPER, 'storage.sweep', (tx) => tx.query<{ version: string }>('select version from storage.objects where version = any($1)', [project.versions]))
      const kept = new Set(named.map((row) => row.version))
      const orphans = project.versions.filter((version) => !kept.has(version))
      if (!orphans.length) continue
      await backend.remove(orphans.map((version) => objectKey(project.project_ref, version)!))
      await forgetVersions(platform, project.project_ref, orphans)
      removed += orphans.length
    } catch (error) {
      // One project's database that does not answer does not stop the others'.
      console.warn(`Sweeping the storage of project ${project.project_ref} failed:`, (error as Error).message)
    }
  }
  return removed
}
