import clsx from 'clsx'
import { Card, CardContent, CardHeader } from '@/components/ui'
import type { UsageMetricAnswer } from '@/lib/api-types'
import { METRIC_AGGREGATION } from '@/lib/billing/cost'
import { METRIC_INFO, formatUsage } from '@/lib/billing/metrics'
import { UsageChart } from './UsageChart'
import { shareOfIncluded } from './UsagePage.utils'

/**
 * One measured metric over the period: its figure against what the plan includes (with a bar when
 * there is a limit), its daily chart, and the projects it comes from when it is measured per
 * project.
 */
export function UsagePageMetricCard({ metric }: { metric: UsageMetricAnswer }) {
  const { name, unit, usage, included, daily, projects, note } = metric
  const share = shareOfIncluded(usage, included)
  const over = included !== null && usage > included
  const headingId = `usage-${metric.metric}`
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader title={<span id={headingId}>{name}</span>} description={METRIC_INFO[metric.metric].description} />
      <CardContent className="flex flex-col gap-4">
        <div>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className={clsx('text-2xl font-semibold tabular-nums', over && 'text-destructive')}>{formatUsage(unit, usage)}</span>{' '}
            <span className="text-sm text-foreground-light">{includedText(unit, included)}</span>
          </p>
          <p className="text-xs text-foreground-lighter">
            {{ sum: 'Total over the period', max: 'Highest over the period', last: 'As last measured' }[METRIC_AGGREGATION[metric.metric]]}
            {over && ' · over the included amount'}
          </p>
        </div>
        {share !== null && included !== null && included > 0 && (
          <div
            role="meter"
            aria-label={`${name} used of the included amount`}
            aria-valuemin={0}
            aria-valuemax={included}
            aria-valuenow={Math.min(usage, included)}
            aria-valuetext={`${formatUsage(unit, usage)} of ${formatUsage(unit, included)}`}
            className="h-1.5 overflow-hidden rounded-full bg-surface-raised"
          >
            <div className={clsx('h-full rounded-full', over ? 'bg-destructive' : 'bg-brand')} style={{ width: `${Math.max(share * 100, 1)}%` }} />
          </div>
        )}
        {note && <p className="text-sm text-foreground-light">{note}</p>}
        <UsageChart name={name} unit={unit} daily={daily} included={included} />
        {projects.length > 0 && (
          <div>
            <h4 className="mb-2 text-xs font-medium text-foreground-light uppercase">Per project</h4>
            <ul aria-label={`${name} per project`} className="divide-y divide-border text-sm">
              {[...projects]
                .sort((a, b) => b.value - a.value)
                .map((project) => (
                  <li key={project.ref} className="flex items-baseline justify-between gap-3 py-1.5">
                    <span className="min-w-0 truncate" title={project.name}>
                      {project.name}
                    </span>
                    <span className="shrink-0 text-foreground-light tabular-nums">{formatUsage(unit, project.value)}</span>
                  </li>
                ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function includedText(unit: UsageMetricAnswer['unit'], included: number | null): string {
  if (included === null) return 'no limit on your plan'
  if (included === 0) return 'none included'
  return `of ${formatUsage(unit, included)} included`
}
