/**
 * An organization's tax ids, printed on its statements. The body is checked at the edge
 * (lib/api-types/billing.ts: the type's countries and format); the value is stored in one form
 * (normalizeTaxIdValue), so two spellings of one id are one id. At most MAX_TAX_IDS each,
 * counted with the organization's row locked, so two additions at once cannot both take the last
 * place. Changes are written to the audit log once committed.
 */
import type { CreateTaxIdBody, TaxId } from '@/lib/api-types'
import { normalizeTaxIdValue } from '@/lib/billing/tax-ids'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { badRequest, conflict, PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { lockOrganization } from '../orgs/organization-lock'

export const MAX_TAX_IDS = 10

type TaxIdRow = { id: number; type: string; value: string; country: string; created_at: Date | string }

const COLUMNS = 'id::int as id, type, value, country, created_at'

const toTaxId = (row: TaxIdRow): TaxId => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at).toISOString() })

export async function listTaxIds(platform: Platform, org: OrgAccess): Promise<TaxId[]> {
  const rows = await platform.db.query<TaxIdRow>(`select ${COLUMNS} from organization_tax_ids where organization_id = $1 order by created_at, id`, [org.id])
  return rows.map(toTaxId)
}

export async function addTaxId(platform: Platform, org: OrgAccess, user: AuthUser, body: CreateTaxIdBody): Promise<TaxId> {
  // The contract trims and cases type and country already; kept here for callers without it.
  const type = body.type.trim().toLowerCase()
  const country = body.country.trim().toUpperCase()
  const value = normalizeTaxIdValue(type, body.value)
  const row = await platform.db.transaction(async (tx) => {
    await lockOrganization(tx, org.id)
    const [{ count }] = await tx.query<{ count: number }>('select count(*)::int as count from organization_tax_ids where organization_id = $1', [org.id])
    if (count >= MAX_TAX_IDS) throw badRequest(`An organization can have at most ${MAX_TAX_IDS} tax ids. Remove one before adding another.`)
    const [inserted] = await tx.query<TaxIdRow>(
      `insert into organization_tax_ids (organization_id, type, value, country) values ($1, $2, $3, $4)
       on conflict (organization_id, type, value) do nothing returning ${COLUMNS}`,
      [org.id, type, value, country]
    )
    if (!inserted) throw conflict('This tax id is already on the organization')
    return inserted
  })
  await recordAudit(platform.db, {
    organizationId: org.id,
    action: 'tax_id.added',
    actor: { id: user.id, email: user.email },
    target: { type: 'tax_id', id: String(row.id), name: `${row.type} ${row.value}` },
    details: { type: row.type, value: row.value, country: row.country },
  })
  return toTaxId(row)
}

/** Removes one of the organization's tax ids; another organization's id is not found (404), as an unknown one is. */
export async function removeTaxId(platform: Platform, org: OrgAccess, user: AuthUser, id: number): Promise<void> {
  const [removed] = await platform.db.query<TaxIdRow>(`delete from organization_tax_ids where id = $1 and organization_id = $2 returning ${COLUMNS}`, [
    id,
    org.id,
  ])
  if (!removed) throw new PlatformError(404, 'Tax id not found')
  await recordAudit(platform.db, {
    organizationId: org.id,
    action: 'tax_id.removed',
    actor: { id: user.id, email: user.email },
    target: { type: 'tax_id', id: String(removed.id), name: `${removed.type} ${removed.value}` },
    details: { type: removed.type, value: removed.value, country: removed.country },
  })
}
