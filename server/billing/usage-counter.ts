/**
 * An in-memory count of one usage metric of one app instance, per UTC day and project (egress
 * bytes, realtime messages), and its flush into usage_daily: counting happens on the hot path, so
 * no control-plane write per event. Each instance adds its own deltas (`value = value + excluded`),
 * so N instances never count twice. A flush takes the deltas before it writes, so what is counted
 * meanwhile waits for the next flush; a flush that fails puts its deltas back.
 */
import type { Queryable } from '../db/control-plane'
import type { UsageMetric } from '@/lib/billing/plan-table'
import { dayOf } from '@/lib/billing/period'

const ADD = `
  insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
  select p.organization_id, c.day, $4, p.ref, p.name, c.amount
    from unnest($1::date[], $2::bigint[], $3::numeric[]) as c (day, project_id, amount)
    join projects p on p.id = c.project_id
  on conflict (organization_id, day, metric, project_ref) do update
    set value = usage_daily.value + excluded.value, project_name = excluded.project_name, updated_at = now()`

export class UsageCounter {
  /** Amounts per `day projectId`, not yet in the control plane. */
  private pending = new Map<string, number>()
  constructor(readonly metric: UsageMetric) {}

  count(projectId: number, amount: number, at = new Date()) {
    if (amount <= 0) return
    this.add(`${dayOf(at)} ${projectId}`, amount)
  }

  /** Counted and not flushed yet (all projects and days). */
  get unflushed(): number {
    let total = 0
    for (const amount of this.pending.values()) total += amount
    return total
  }

  async flush(db: Queryable): Promise<void> {
    if (this.pending.size === 0) return
    const taken = this.pending
    this.pending = new Map()
    const days: string[] = []
    const projectIds: number[] = []
    const amounts: number[] = []
    for (const [key, value] of taken) {
      const [day, projectId] = key.split(' ')
      days.push(day)
      projectIds.push(Number(projectId))
      amounts.push(value)
    }
    try {
      await db.query(ADD, [days, projectIds, amounts, this.metric])
    } catch (error) {
      for (const [key, value] of taken) this.add(key, value)
      throw error
    }
  }

  private add(key: string, amount: number) {
    this.pending.set(key, (this.pending.get(key) ?? 0) + amount)
  }
}
