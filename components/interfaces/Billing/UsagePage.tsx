import { useRouter } from 'next/router'
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import utc from 'dayjs/plugin/utc'
import { ChartColumn } from 'lucide-react'
import { Card, CardContent, CardHeader, EmptyState, Select, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import type { Organization, UsageAnswer, UsageMetricAnswer } from '@/lib/api-types'
import { UsagePageMetricCard } from './UsagePageMetricCard'
import { DEFAULT_USAGE_PERIOD, USAGE_PERIODS, nothingUsed, parseUsagePeriod, samplingInterval, splitMetrics, usagePeriodRange, type UsagePeriod } from './UsagePage.utils'

dayjs.extend(relativeTime)
dayjs.extend(utc)

/**
 * /org/{slug}/usage: what the platform measured for the organization over a period, metric by
 * metric with daily charts. The period is in the URL (`?period=`) so a view can be shared; the
 * figures refresh every minute, the platform's default sampling interval.
 */
export function UsagePage({ org }: { org: Organization }) {
  const router = useRouter()
  const period = parseUsagePeriod(router.query.period)
  const usage = useOrganizationUsageQuery(
    { slug: org.slug, ...usagePeriodRange(period, new Date()) },
    // A month gone by no longer changes.
    { refetchInterval: period === 'previous' ? false : 60_000 }
  )

  const choose = (next: UsagePeriod) => {
    const query: typeof router.query = { ...router.query, period: next }
    // The default period needs no parameter: the plain address shows it.
    if (next === DEFAULT_USAGE_PERIOD) delete query.period
    void router.replace({ pathname: router.pathname, query }, undefined, {
      shallow: true,
      scroll: false,
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 text-sm text-foreground-light">{usage.data && <UsageSummary usage={usage.data} />}</div>
        <Select
          label="Period"
          containerClassName="sm:w-60"
          value={period}
          onChange={(event) => choose(parseUsagePeriod(event.target.value))}
          options={USAGE_PERIODS}
        />
      </div>
      {usage.error ? (
        <QueryErrorAlert title="Could not load the usage" error={usage.error} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />
      ) : !usage.data ? (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label="Loading the usage">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : (
        <UsageMetrics metrics={usage.data.metrics} />
      )}
    </div>
  )
}

function UsageSummary({ usage }: { usage: UsageAnswer }) {
  const start = dayjs.utc(usage.period_start)
  // period_end is the first moment not counted.
  const last = dayjs.utc(usage.period_end).subtract(1, 'millisecond')
  return (
    <>
      <p>
        {start.format(start.year() === last.year() ? 'D MMM' : 'D MMM YYYY')} – {last.format('D MMM YYYY')} (UTC days) · {usage.plan.name} plan
      </p>
      <p className="text-xs text-foreground-lighter">
        {usage.sampled_at ? (
          <>
            Updated <time dateTime={usage.sampled_at} title={dayjs(usage.sampled_at).format('DD MMM YYYY, HH:mm:ss (ZZ)')}>{dayjs(usage.sampled_at).fromNow()}</time>
          </>
        ) : (
          'Not measured yet'
        )}
        {` · measured every ${samplingInterval(usage.sample_interval_ms)}`}
      </p>
    </>
  )
}

function UsageMetrics({ metrics }: { metrics: UsageMetricAnswer[] }) {
  const { offered, notOffered } = splitMetrics(metrics)
  return (
    <>
      {nothingUsed(offered) ? (
        <EmptyState
          icon={<ChartColumn size={20} />}
          title="No usage in this period"
          description="Usage appears once the organization has a running project: the platform measures database size, egress, active users, projects and compute hours."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {offered.map((metric) => (
            <UsagePageMetricCard key={metric.metric} metric={metric} />
          ))}
        </div>
      )}
      {notOffered.length > 0 && (
        <Card role="region" aria-labelledby="usage-not-offered">
          <CardHeader title={<span id="usage-not-offered">Not offered yet</span>} description="Always 0: nothing is used or billed." />
          <CardContent>
            <ul className="divide-y divide-border text-sm">
              {notOffered.map((metric) => (
                <li key={metric.metric} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <span className="font-medium">{metric.name}</span>
                  <span className="text-foreground-light">{metric.note ?? 'Not measured on this platform.'}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </>
  )
}
