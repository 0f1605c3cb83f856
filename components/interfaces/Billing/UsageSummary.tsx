import Link from 'next/link'
import dayjs from 'dayjs'
import { buttonClasses, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import type { Organization } from '@/lib/api-types'
import { formatInterval, formatPeriod } from './billing.utils'
import { DatabaseSizeList } from './DatabaseSizeList'
import { NotOfferedMetrics, UsageMetricRow } from './UsageMetricRow'

/**
 * Usage of the period per metric against the plan's quota, as the platform measured it, each
 * database's size, and the ways on to the daily charts and the statements.
 */
export function UsageSummary({ org }: { org: Organization }) {
  const usage = useOrganizationUsageQuery({ slug: org.slug })
  const data = usage.data
  const links = (
    <nav aria-label="More about usage" className="flex flex-wrap gap-2">
      <Link href={`/org/${org.slug}/usage`} className={buttonClasses({ size: 'tiny' })}>
        Daily usage
      </Link>
      <Link href={`/org/${org.slug}/invoices`} className={buttonClasses({ size: 'tiny' })}>
        Invoices
      </Link>
    </nav>
  )
  return (
    <Card>
      <CardHeader
        title="Usage this period"
        description={
          data
            ? `${formatPeriod(data.period_start, data.period_end)} · measured ${formatInterval(data.sample_interval_ms)}${data.sampled_at ? `, last at ${dayjs(data.sampled_at).format('HH:mm')}` : ', not measured yet'}`
            : undefined
        }
      />
      <CardContent className="flex flex-col gap-6">
        {links}
        {usage.error ? (
          <QueryErrorAlert title="Could not load the usage" error={usage.error} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />
        ) : !data ? (
          <div aria-busy="true" aria-label="Loading the usage" className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        ) : (
          <>
            <ul aria-label="Usage per metric" className="grid gap-4 md:grid-cols-2">
              {data.metrics
                .filter((m) => m.available)
                .map((metric) => (
                  <UsageMetricRow key={metric.metric} metric={metric} />
                ))}
            </ul>
            <NotOfferedMetrics metrics={data.metrics.filter((m) => !m.available)} />
            <section aria-labelledby="database-size-per-project" className="flex flex-col gap-3">
              <h4 id="database-size-per-project" className="text-sm font-medium">
                Database size per project
              </h4>
              <DatabaseSizeList usage={data} />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  )
}
