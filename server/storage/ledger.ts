/**
 * The platform's account of the bytes it keeps for each project's objects (control plane,
 * `storage_versions`, migration 0046): a version is listed before its bytes are written, sized once
 * they are, and forgotten once they are removed. A project's storage size is counted from here,
 * never from its own `storage` schema, which its SQL may change.
 */
import { randomUUID } from 'node:crypto'
import type { Platform } from '../kernel/platform'

/** A new version of an object of `ref`, listed as being written. */
export async function newVersion(platform: Platform, ref: string): Promise<string> {
  const version = randomUUID()
  await platform.db.query('insert into storage_versions (project_ref, version) values ($1, $2)', [ref, version])
  return version
}

export async function sizeVersion(platform: Platform, ref: string, version: string, bytes: number) {
  await platform.db.query('update storage_versions set size_bytes = $3 where project_ref = $1 and version = $2', [ref, version, bytes])
}

export async function forgetVersions(platform: Platform, ref: string, versions: string[]) {
  if (versions.length) await platform.db.query('delete from storage_versions where project_ref = $1 and version = any($2)', [ref, versions])
}

/** Bytes kept for the objects of every project of an organization (its storage size). */
export async function storedBytesOfOrganization(platform: Platform, organizationId: number): Promise<number> {
  const [row] = await platform.db.query<{ bytes: string | null }>(
    `select sum(v.size_bytes)::text as bytes from storage_versions v join projects p on p.ref = v.project_ref where p.organization_id = $1`,
    [organizationId]
  )
  return Number(row?.bytes ?? 0)
}
