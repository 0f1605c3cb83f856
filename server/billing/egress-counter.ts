/**
 * The in-memory count of egress bytes of one app instance, per UTC day and project, and its flush
 * into usage_daily (see egress.ts). A flush takes the deltas before it writes, so bytes counted
 * meanwhile wait for the next flush; a flush that fails puts its deltas back.
 */
import type { Queryable } from '../db/control-plane'
import { dayOf } from '@/lib/billing/period'

const ADD_EGRESS = `
  insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
  select p.organization_id, c.day, 'EGRESS', p.ref, p.name, c.bytes
    from unnest($1::date[], $2::bigint[], $3::numeric[]) as c (day, project_id, bytes)
    join projects p on p.id = c.project_id
  on conflict (organization_id, day, metric, project_ref) do update
    set value = usage_daily.value + excluded.value, project_name = excluded.project_name, updated_at = now()`

export class EgressCounter {
  /** Bytes per `day projectId`, not yet in the control plane. */
  private pending = new Map<string, number>()

  count(projectId: number, bytes: number, at = new Date()) {
    if (bytes <= 0) return
    this.add(`${dayOf(at)} ${projectId}`, bytes)
  }

  /** Bytes counted and not flushed yet (all projects and days). */
  get unflushed(): number {
    let total = 0
    for (const bytes of this.pending.values()) total += bytes
    return total
  }

  async flush(db: Queryable): Promise<void> {
    if (this.pending.size === 0) return
    const taken = this.pending
    this.pending = new Map()
    const days: string[] = []
    const projectIds: number[] = []
    const bytes: number[] = []
    for (const [key, value] of taken) {
      const [day, projectId] = key.split(' ')
      days.push(day)
      projectIds.push(Number(projectId))
      bytes.push(value)
    }
    try {
      await db.query(ADD_EGRESS, [days, projectIds, bytes])
    } catch (error) {
      for (const [key, value] of taken) this.add(key, value)
      throw error
    }
  }

  private add(key: string, bytes: number) {
    this.pending.set(key, (this.pending.get(key) ?? 0) + bytes)
  }
}

