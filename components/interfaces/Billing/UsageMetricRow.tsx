import clsx from 'clsx'
import type { UsageMetricAnswer } from '@/lib/api-types'
import { formatUsage, METRIC_INFO } from '@/lib/billing/metrics'
import { UsageChart } from './UsageChart'
import { UsageMeter } from './UsageMeter'
import { meterOf, usageFigure, usageLevel } from './billing.utils'

const figureColour = { ok: 'text-foreground-light', warning: 'text-warning', over: 'text-destructive' } as const

/** One measured metric: its figure against the quota, a bar when there is a quota, its daily chart. */
export function UsageMetricRow({ metric }: { metric: UsageMetricAnswer }) {
  const meter = meterOf(metric)
  const level = meter ? usageLevel(meter.value, meter.max) : 'ok'
  const figure = usageFigure(metric)
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h4 className="text-sm font-medium">{metric.name}</h4>
        <span className={clsx('text-sm tabular-nums', figureColour[level])}>{figure}</span>
      </div>
      <p className="text-xs text-foreground-lighter">{METRIC_INFO[metric.metric].description}</p>
      {meter && <UsageMeter label={`${metric.name} usage`} value={meter.value} max={meter.max} valueText={figure} />}
      {level === 'over' && <p className="text-xs text-destructive">Over what the plan includes.</p>}
      {metric.daily.length > 0 ? (
        <UsageChart name={metric.name} unit={metric.unit} daily={metric.daily} included={meter?.perProject ? null : metric.included} height={140} />
      ) : (
        <p className="text-xs text-foreground-lighter">No daily figures yet: they appear after the first measurement.</p>
      )}
      {metric.note && <p className="text-xs text-foreground-lighter">{metric.note}</p>}
    </li>
  )
}

/** The metrics this platform does not offer yet, with what the plan would include. */
export function NotOfferedMetrics({ metrics }: { metrics: UsageMetricAnswer[] }) {
  if (!metrics.length) return null
  return (
    <div className="rounded-md border border-dashed border-border p-4">
      <h4 className="text-sm font-medium">Not offered yet</h4>
      <p className="mt-1 text-xs text-foreground-lighter">{[...new Set(metrics.map((m) => m.note).filter(Boolean))].join(' ')}</p>
      <ul aria-label="Not offered yet" className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {metrics.map((metric) => (
          <li key={metric.metric} className="flex flex-wrap justify-between gap-x-3">
            <span>{metric.name}</span>
            <span className="text-foreground-lighter tabular-nums">
              {formatUsage(metric.unit, metric.usage)}
              {metric.included !== null && ` of ${formatUsage(metric.unit, metric.included)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
