/**
 * Logs are kept for the organization plan's `logRetentionDays` (lib/billing/plan-table.ts): reads
 * never answer older rows (read-logs.ts), and the scheduler deletes them. Organization by
 * organization through the (organization_id, occurred_at) index: each probe reads only rows past
 * that organization's limit, so a Team or Enterprise organization's weeks of kept rows are not
 * scanned again on every pass. At most BATCH rows a statement, so a large backlog never holds the
 * control plane for long, and up to MAX_BATCHES statements a pass, so the sweep keeps up with a
 * busy platform.
 */
import { PLAN_IDS } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import type { Platform } from '../kernel/platform'

export const LOG_PRUNE_BATCH = 10_000
export const LOG_PRUNE_MAX_BATCHES = 20

const retentionByPlan = () => Object.fromEntries(PLAN_IDS.map((plan) => [plan, planNumbers(plan).limits.logRetentionDays]))

/** Deletes rows past their organization's retention; answers how many. */
export async function pruneLogs(platform: Platform, batch = LOG_PRUNE_BATCH, maxBatches = LOG_PRUNE_MAX_BATCHES): Promise<number> {
  const days = retentionByPlan()
  // A plan this table does not know keeps logs the longest.
  const longest = Math.max(...Object.values(days))
  let total = 0
  for (let i = 0; i < maxBatches; i++) {
    const deleted = await platform.db.query<{ id: string }>(
      `delete from log_events where id in (
         select old.id from organizations o
           cross join lateral (
             select l.id from log_events l
              where l.organization_id = o.id
                and l.occurred_at < now() - make_interval(days => coalesce(($1::jsonb ->> o.plan)::int, $2))
              limit $3) old
          limit $3)
       returning id`,
      [JSON.stringify(days), longest, batch]
    )
    total += deleted.length
    if (deleted.length < batch) break
  }
  return total
}
