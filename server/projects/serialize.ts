import type { Project, ProjectDetail } from '@/lib/api-types'
import type { ProjectDbLocation } from '../databases/types'

export type ProjectRow = {
  id: number
  ref: string
  name: string
  organization_id: number
  organization_slug: string
  status: Project['status']
  status_message: string | null
  cloud_provider: Project['cloud_provider']
  region: string
  /** The organization's plan: a project is always on its organization's plan. */
  plan: Project['plan']
  /** As stored by provisioning: it names its ref, and holds a secret for servers. */
  db_location: ProjectDbLocation | null
  db_version: string | null
  inserted_at: Date | string
  parent_project_ref: string | null
  /** Its preview branches that still exist. */
  preview_branch_refs: string[] | null
  /** The organization's restriction (SPEC §4) and what was over its quota: SQL is refused when restricted. */
  organization_restriction_status: 'grace_period' | 'grace_period_over' | 'restricted' | null
  organization_quota_note: string | null
  /** Read-only mode (read-only-mode.ts): since when, and why; null when writable. */
  read_only_at?: Date | string | null
  read_only_note?: string | null
  /** Whether the database is held read-only now (read_only_at, unless writes are allowed for a while). */
  read_only_enforced?: boolean
  /** Writes allowed until then to free space (read-only-mode.ts). */
  read_only_lifted_until?: Date | string | null
}

export const PROJECT_COLUMNS = `p.id::int as id, p.ref, p.name, p.organization_id::int as organization_id, o.slug as organization_slug,
  p.status, p.status_message, p.cloud_provider, p.region, o.plan, p.db_location, p.db_version, p.inserted_at, p.parent_project_ref,
  o.restriction_status as organization_restriction_status, o.quota_note as organization_quota_note,
  p.read_only_at, p.read_only_note, p.read_only_enforced, p.read_only_lifted_until,
  array(select b.ref from projects b where b.parent_project_ref = p.ref and b.status <> 'REMOVED' order by b.id) as preview_branch_refs`

export function toProject(row: ProjectRow): Project {
  return {
    id: Number(row.id),
    ref: row.ref,
    name: row.name,
    status: row.status,
    organization_id: Number(row.organization_id),
    organization_slug: row.organization_slug,
    cloud_provider: row.cloud_provider,
    region: row.region,
    plan: row.plan,
    inserted_at: new Date(row.inserted_at).toISOString(),
    parent_project_ref: row.parent_project_ref ?? null,
    preview_branch_refs: row.preview_branch_refs ?? [],
  }
}

/** Detail for the browser: never the connection string, only where the database lives. */
export function toProjectDetail(row: ProjectRow): ProjectDetail {
  let dbHost = 'pending'
  if (row.db_location) {
    try {
      dbHost = new URL(row.db_location.url).hostname
    } catch {
      dbHost = 'server'
    }
  }
  return {
    ...toProject(row),
    dbVersion: row.db_version,
    postgrestStatus: row.status === 'ACTIVE_HEALTHY' ? 'ONLINE' : 'OFFLINE',
    db_host: dbHost,
    status_message: row.status_message,
    read_only: !!row.read_only_at,
    read_only_note: row.read_only_at ? (row.read_only_note ?? null) : null,
    read_only_writable_until:
      row.read_only_at && row.read_only_lifted_until && new Date(row.read_only_lifted_until).getTime() > Date.now() ? new Date(row.read_only_lifted_until).toISOString() : null,
  }
}
