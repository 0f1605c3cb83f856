/**
 * An organization's own settings: its name and billing email, and deleting it. The slug never
 * changes (links and the /org/{slug} address keep working after a rename). A rename and a new
 * billing email are written to the audit log, one entry per field that changed.
 */
import type { z } from 'zod'
import type { Organization, updateOrganizationBody } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { recordAudit, type AuditRecord } from '../audit/record'
import { findMembership, toOrganization } from './organizations'
import { currentRole, lockOrganization, ORGANIZATION_GONE } from './organization-lock'

/** What the organization's billing email reads as when it has none. */
const UNSET_BILLING_EMAIL = 'Unknown'

type Settings = { name: string; billing_email: string | null }
type SettingsChange = Pick<AuditRecord, 'action' | 'target' | 'details'>

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
  const { before, after } = await platform.db.transaction(async (tx) => {
    // Read under the row's lock: of two renames at once, each entry's "from" is what the other left.
    const [before] = await tx.query<Settings>(`select name, billing_email from organizations where id = $1 for no key update`, [access.id])
    if (!before) throw new PlatformError(404, ORGANIZATION_GONE)
    await tx.query(`update organizations set ${sets.join(', ')} where id = $1`, values)
    const row = await findMembership(tx, user.id, access.slug)
    if (!row) throw new PlatformError(404, ORGANIZATION_GONE)
    return { before, after: row }
  })
  for (const entry of settingsChanges(access.slug, before, after)) {
    await recordAudit(platform.db, { organizationId: access.id, actor: { id: user.id, email: user.email }, ...entry })
  }
  return toOrganization(after)
}

/** One audit entry per setting whose value changed; none when the request changed nothing. */
function settingsChanges(slug: string, before: Settings, after: Settings): SettingsChange[] {
  const entries: SettingsChange[] = []
  // Named by slug: it never changes, the name may.
  const target = { type: 'organization' as const, id: slug, name: after.name }
  if (before.name !== after.name) entries.push({ action: 'organization.updated', target, details: { from: before.name, to: after.name } })
  if (before.billing_email !== after.billing_email)
    entries.push({
      action: 'organization.billing_email_changed',
      target,
      details: { from: before.billing_email ?? UNSET_BILLING_EMAIL, to: after.billing_email ?? UNSET_BILLING_EMAIL },
    })
  return entries
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
