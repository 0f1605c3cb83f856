/**
 * The Free plan's limit (SPEC §9): 2 active Free projects per organization, 1 for a partner
 * organization (slug vercel_…). Active means every status but INACTIVE, REMOVED and GOING_DOWN
 * (NOT_ACTIVE_STATUSES): a failed or pausing project still holds its database. Paid projects
 * are not limited; a preview branch is a project and counts like one.
 *
 * Counted inside the transaction that adds (or brings back) the project, with the organization's
 * row locked, so two requests at once (two tabs, two app instances) cannot both take the last
 * place.
 */
import { freeProjectLimit, NOT_ACTIVE_STATUSES, type PlanId } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import { badRequest } from '../http/errors'

const NOT_ACTIVE_SQL = NOT_ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ')

export async function assertFreePlanRoom(tx: Queryable, organizationId: number, plan: PlanId, { excludingRef }: { excludingRef?: string } = {}) {
  if (plan !== 'free') return
  const [org] = await tx.query<{ name: string; slug: string }>('select name, slug from organizations where id = $1 for update', [organizationId])
  const [{ count }] = await tx.query<{ count: number }>(
    `select count(*)::int as count from projects
     where organization_id = $1 and plan = 'free' and status not in (${NOT_ACTIVE_SQL}) and ref <> coalesce($2, '')`,
    [organizationId, excludingRef ?? null]
  )
  const limit = freeProjectLimit(org.slug)
  if (count >= limit)
    throw badRequest(
      `The Free plan allows ${limit} active ${limit === 1 ? 'project' : 'projects'} per organization, and ${org.name} already has ${count}. ` +
        'Pause or delete one of them, or choose a paid plan for this project.'
    )
}
