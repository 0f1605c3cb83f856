/**
 * How each usage metric is named, counted and shown. The platform answers these names and notes;
 * the pages format values with `formatUsage`.
 */
import { formatBytes } from '../format-bytes'
import { MEASURED_METRICS, type UsageMetric, type UsageUnit } from './plan-table'

export type MetricInfo = { name: string; unit: UsageUnit; description: string }

export const METRIC_INFO: Record<UsageMetric, MetricInfo> = {
  DATABASE_SIZE: { name: 'Database size', unit: 'bytes', description: "Each project's database on disk; the plan includes this much per project." },
  EGRESS: { name: 'Egress', unit: 'bytes', description: 'Bytes the SQL API answered.' },
  MONTHLY_ACTIVE_USERS: { name: 'Monthly active users', unit: 'count', description: 'Members who signed in or kept a session alive during the period.' },
  ACTIVE_PROJECTS: { name: 'Active projects', unit: 'count', description: 'Projects that were not paused, at the busiest moment of the period.' },
  COMPUTE_HOURS: { name: 'Compute hours', unit: 'hours', description: 'Hours the projects ran; paused projects do not count.' },
  STORAGE_SIZE: { name: 'Storage size', unit: 'bytes', description: "The files the organization's projects keep in storage, all together." },
  STORAGE_IMAGE_TRANSFORMATIONS: {
    name: 'Storage image transformations',
    unit: 'count',
    description: 'Distinct images transformed this month: each origin image counts once, however many sizes it was served in.',
  },
  FUNCTION_INVOCATIONS: { name: 'Edge function invocations', unit: 'count', description: 'Edge function calls.' },
  REALTIME_MESSAGES: { name: 'Realtime messages', unit: 'count', description: 'Realtime messages sent.' },
  REALTIME_PEAK_CONNECTIONS: { name: 'Realtime peak connections', unit: 'count', description: 'Most realtime connections at once.' },
}

/** Why a metric is always 0 here. */
export const NOT_OFFERED_NOTE = 'This platform does not offer this service yet: nothing is used or billed.'

export const isMeasured = (metric: UsageMetric) => MEASURED_METRICS.includes(metric)

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const hours = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** A metric's value in its unit: "1.5 GB", "12,345", "3.2 hours". */
export function formatUsage(unit: UsageUnit, value: number): string {
  if (unit === 'bytes') return formatBytes(value)
  if (unit === 'hours') return `${hours.format(value)} ${value === 1 ? 'hour' : 'hours'}`
  return count.format(value)
}
