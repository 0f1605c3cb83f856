import { Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import type { Organization } from '@/lib/api-types'
import { formatUsd } from '@/lib/billing/money'
import { TIERS } from '@/lib/billing/tiers'
import { CostTable } from './CostTable'

/** What this period costs so far and is projected to cost at its end, priced from the plan table. */
export function CostSection({ org }: { org: Organization }) {
  const usage = useOrganizationUsageQuery({ slug: org.slug })
  const data = usage.data
  return (
    <Card>
      <CardHeader title="Costs this period" description="Usage so far, and projected to the end of the period if it goes on as it has." />
      <CardContent>
        {usage.error ? (
          <QueryErrorAlert title="Could not load the costs" error={usage.error} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />
        ) : !data ? (
          <div aria-busy="true" aria-label="Loading the costs" className="flex flex-col gap-3">
            <Skeleton className="h-14" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-4">
              <div>
                <dt className="text-xs text-foreground-light">Cost so far</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatUsd(data.cost_so_far.total)}</dd>
              </div>
              <div>
                <dt className="text-xs text-foreground-light">Projected at period end</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatUsd(data.cost_projected.total)}</dd>
              </div>
            </dl>
            <CostTable
              caption="Cost of the period so far and projected"
              planName={data.plan.name}
              columns={[
                { label: 'So far', cost: data.cost_so_far },
                { label: 'Projected', cost: data.cost_projected },
              ]}
            />
            <p className="text-xs text-foreground-lighter">
              {data.tier === 'tier_free'
                ? 'Nothing is billed on the Free plan: over a quota the organization is restricted instead.'
                : TIERS[data.tier].spendCap
                  ? 'With the spend cap on, usage beyond the included amounts is not billed; compute hours are, less the compute credits.'
                  : 'Usage beyond the included amounts is billed at the overage prices; compute credits pay for compute hours first.'}
              {data.cost_so_far.base === null && ' The plan’s price is agreed with sales and not part of these figures.'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
