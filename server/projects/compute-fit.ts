/**
 * Projects whose compute size a plan does not offer, larger than its largest: an organization
 * does not go down to that plan (subscription-rules.ts), and a project is not transferred to an
 * organization on it (transfer.ts), until they are moved to a size the plan offers. The limits
 * on their databases are the size's, so a plan change alone would leave them there.
 */
import { PLAN_NAMES } from '@/lib/api-types'
import type { PlanId } from '@/lib/api-types/plans'
import { COMPUTE_SIZES, computeSizesFor, outgrowsPlan, type ComputeSizeId } from '@/lib/compute-sizes'
import type { Queryable } from '../db/control-plane'

export type ComputeMisfit = { name: string; size: ComputeSizeId }

export async function computeMisfits(db: Queryable, plan: PlanId, where: { organizationId: number } | { refs: string[] }): Promise<ComputeMisfit[]> {
  const rows = await db.query<{ name: string; compute_size: ComputeSizeId }>(
    'organizationId' in where
      ? `select name, compute_size from projects where organization_id = $1 and status <> 'REMOVED' and compute_size is not null order by id`
      : `select name, compute_size from projects where ref = any($1) and status <> 'REMOVED' and compute_size is not null order by id`,
    ['organizationId' in where ? where.organizationId : where.refs]
  )
  return rows.filter((r) => outgrowsPlan(plan, r.compute_size)).map((r) => ({ name: r.name, size: r.compute_size }))
}

/** "The Free plan runs every project on Nano compute, and “Shop” runs on Small." */
export function misfitSentence(plan: PlanId, misfits: ComputeMisfit[]): string {
  const offered = computeSizesFor(plan).map((id) => COMPUTE_SIZES[id].name)
  const which = misfits.map((m) => `“${m.name}” runs on ${COMPUTE_SIZES[m.size].name}`).join(', ')
  return `The ${PLAN_NAMES[plan]} plan runs every project on ${offered.join(' or ')} compute, and ${which}.`
}
