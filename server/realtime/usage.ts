/**
 * Realtime's usage (SPEC §9): messages (each broadcast, presence message and database change a
 * client sends or is sent) counted in memory and added at each usage sample; and each project's
 * peak of sockets at once since the sample before, the day's highest kept. Both are this app
 * copy's: messages add up across copies, a peak is the highest one copy saw.
 */
import type { Platform } from '../kernel/platform'
import { UsageCounter } from '../billing/usage-counter'
import { dayOf } from '@/lib/billing/period'

export class RealtimeUsage {
  readonly messages = new UsageCounter('REALTIME_MESSAGES')
  private readonly peaks = new Map<string, number>()
  constructor(private readonly platform: Platform) {}

  countMessages(projectId: number, count = 1) {
    if (this.platform.config.isPlatform) this.messages.count(projectId, count)
  }

  /** The project holds `sockets` now: a new peak if it is the highest since the last sample. */
  sockets(ref: string, sockets: number) {
    if (sockets > (this.peaks.get(ref) ?? 0)) this.peaks.set(ref, sockets)
  }

  /** `current`: the sockets each project holds now, the next period's starting peak. */
  async record(now: Date, current: Map<string, number>): Promise<void> {
    if (!this.platform.config.isPlatform) return
    await this.messages.flush(this.platform.db)
    const taken = new Map(this.peaks)
    this.peaks.clear()
    for (const [ref, count] of current) this.peaks.set(ref, count)
    for (const [ref, count] of current) if (count > (taken.get(ref) ?? 0)) taken.set(ref, count)
    if (taken.size === 0) return
    await this.platform.db.query(
      `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
       select p.organization_id, $1::date, 'REALTIME_PEAK_CONNECTIONS', p.ref, p.name, c.peak
         from unnest($2::text[], $3::int[]) as c (ref, peak) join projects p on p.ref = c.ref
       on conflict (organization_id, day, metric, project_ref) do update
         set value = greatest(usage_daily.value, excluded.value), project_name = excluded.project_name, updated_at = now()`,
      [dayOf(now), [...taken.keys()], [...taken.values()]]
    )
  }
}
