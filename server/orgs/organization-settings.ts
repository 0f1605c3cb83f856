/**
 * An organization's own settings: its name and billing email, and deleting it. The slug never
 * changes (links and the /org/{slug} address keep working after a rename).
 */
import type { z } from 'zod'
import type { Organization, updateOrganizationBody } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { AuthUser, OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'
import { findMembership, toOrganization } from './organizations'
import { currentRole, lockOrganization, ORGANIZATION_GONE } from './organization-lock'

export async function updateOrganization(
  platform: Platform,
  access: OrgAccess,
  user: AuthUser,
  body: z.output<typeof updateOrganizationBody>
): Promise<Organization> {
  const sets: string[] = []
  const values: unknown[] = [access.id]
  if (body.name !== undefined) sets.push(`name = $${values.push(body.name)}`)
  if (body.billing_email !== undefined) sets.push(`billing_email = $${values.push(body.billing_email)}`)
  return platform.db.transaction(async (tx) => {
    await tx.query(`update organizations set ${sets.join(', ')} where id = $1`, values)
    const row = await findMembership(tx, user.id, access.slug)
    if (!row) throw new PlatformError(404, ORGANIZATION_GONE)
    return toOrganization(row)
  })
}

/**
 * Deletes the organization with its members and invitations. Refused while it still has projects
 * that are not REMOVED: their databases must be deleted first, on purpose, one by one. The rows
 * of removed projects go with the organization.
 */
export async function deleteOrganization(platform: Platform, access: OrgAccess, user: AuthUser): Promise<void> {
  await platform.db.transaction(async (tx) => {
    // The strong lock also holds back a project being created meanwhile (it references this row).
    const org = await lockOrganization(tx, access.id, { forDelete: true })
    if ((await currentRole(tx, org.id, user.id)) !== 'Owner') throw new PlatformError(403, 'Only an Owner can delete the organization.')
    const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from projects where organization_id = $1 and status <> 'REMOVED'`, [org.id])
    if (n > 0)
      throw new PlatformError(
        400,
        `This organization still has ${n} ${n === 1 ? 'project' : 'projects'}. Delete ${n === 1 ? 'it' : 'them'} first, then delete the organization.`
      )
    await tx.query(`delete from organizations where id = $1`, [org.id])
  })
}
