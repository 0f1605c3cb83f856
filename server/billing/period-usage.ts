/**
 * An organization's usage over a period, from what the platform stored per day (usage_daily,
 * usage_active_users): the period's figures (lib/billing/cost.ts PeriodUsage), one figure per
 * day, and per project. The usage answer, the subscription preview and the statements all read
 * it here. Two queries, whatever the length of the period.
 *
 * A day's figure of a metric is the sum over its projects of what was stored for the day (for
 * database size: each project's latest size that day). The period's figure is the sum of the
 * days for summed metrics, the latest day for database size and the largest day for the others; monthly active users are the
 * distinct users of the period (a day's figure: the distinct users so far).
 */
import { emptyUsage, METRIC_AGGREGATION, type PeriodUsage } from '@/lib/billing/cost'
import { USAGE_METRICS, type UsageMetric } from '@/lib/billing/plan-table'
import { dayOf, daysOf, type Period } from '@/lib/billing/period'
import type { Platform } from '../kernel/platform'

export type DailyFigure = { date: string; value: number }
export type ProjectFigure = { ref: string; name: string; value: number }

export type MeasuredPeriod = {
  usage: PeriodUsage
  /** One figure per UTC day from the period's start to its end or today, whichever is first. */
  daily: Record<UsageMetric, DailyFigure[]>
  /** Per project (database size, egress, compute hours, storage size); empty for the others. */
  projects: Record<UsageMetric, ProjectFigure[]>
}

/** Metrics stored per project: their per-project figures are answered too. */
const PER_PROJECT: readonly UsageMetric[] = ['DATABASE_SIZE', 'EGRESS', 'COMPUTE_HOURS', 'STORAGE_SIZE']

type StoredRow = { day: string; metric: string; project_ref: string; project_name: string | null; value: number }

const isMetric = (metric: string): metric is UsageMetric => (USAGE_METRICS as readonly string[]).includes(metric)
const perMetric = <T>(make: () => T) => Object.fromEntries(USAGE_METRICS.map((metric) => [metric, make()])) as Record<UsageMetric, T>

export async function periodUsage(platform: Platform, organizationId: number, period: Period, now = new Date()): Promise<MeasuredPeriod> {
  const first = dayOf(period.start)
  const last = dayOf(new Date(period.end.getTime() - 1))
  const [rows, newUsers] = await Promise.all([
    platform.db.query<StoredRow>(
      `select day::text as day, metric, project_ref, project_name, value::float8 as value
         from usage_daily where organization_id = $1 and day between $2::date and $3::date
        order by day`,
      [organizationId, first, last]
    ),
    // Each user on the first day of the period they were active: the running count of distinct users.
    platform.db.query<{ day: string; users: number }>(
      `select first_day::text as day, count(*)::int as users
         from (select min(day) as first_day from usage_active_users
                where organization_id = $1 and day between $2::date and $3::date group by user_id) f
        group by first_day`,
      [organizationId, first, last]
    ),
  ])

  const byDay = perMetric(() => new Map<string, number>())
  const byProject = perMetric(() => new Map<string, ProjectFigure>())
  for (const row of rows) {
    if (!isMetric(row.metric)) continue
    const { metric, day, value } = row
    byDay[metric].set(day, (byDay[metric].get(day) ?? 0) + value)
    if (!PER_PROJECT.includes(metric) || row.project_ref === '') continue
    const project = byProject[metric].get(row.project_ref) ?? { ref: row.project_ref, name: row.project_name ?? row.project_ref, value: 0 }
    // Rows come by day: the latest name a project had is the one kept.
    project.name = row.project_name ?? project.name
    const how = METRIC_AGGREGATION[metric]
    // Rows come by day: for the latest, a later day's value replaces an earlier one's.
    project.value = how === 'sum' ? project.value + value : how === 'last' ? value : Math.max(project.value, value)
    byProject[metric].set(row.project_ref, project)
  }
  // Users new to the period on each day: their sum is the period's distinct users.
  const newUsersByDay = new Map(newUsers.map(({ day, users }) => [day, users]))

  const usage = emptyUsage()
  for (const metric of USAGE_METRICS) {
    const values = [...byDay[metric].values()]
    const how = METRIC_AGGREGATION[metric]
    // byDay keeps the days in the order the rows came: by day.
    usage[metric] = how === 'sum' ? sum(values) : how === 'last' ? (values.at(-1) ?? 0) : Math.max(0, ...values)
  }
  usage.MONTHLY_ACTIVE_USERS = sum([...newUsersByDay.values()])
  // Of the projects measured on the latest day: one deleted earlier in the period takes no room now.
  const latestDay = [...byDay.DATABASE_SIZE.keys()].at(-1)
  const measuredLast = new Set(rows.filter((r) => r.metric === 'DATABASE_SIZE' && r.day === latestDay).map((r) => r.project_ref))
  usage.databaseSizes = [...byProject.DATABASE_SIZE.values()].filter((project) => measuredLast.has(project.ref)).map((project) => project.value)

  const days = daysOf(period, now)
  const daily = perMetric<DailyFigure[]>(() => [])
  for (const metric of USAGE_METRICS) daily[metric] = days.map((date) => ({ date, value: byDay[metric].get(date) ?? 0 }))
  let soFar = 0
  daily.MONTHLY_ACTIVE_USERS = days.map((date) => ({ date, value: (soFar += newUsersByDay.get(date) ?? 0) }))

  const projects = perMetric<ProjectFigure[]>(() => [])
  for (const metric of PER_PROJECT) projects[metric] = [...byProject[metric].values()].sort((a, b) => b.value - a.value)
  return { usage, daily, projects }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
