import { Badge, Button, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useSubscriptionQuery } from '@/data/billing/subscription-query'
import type { Organization } from '@/lib/api-types'
import { formatUsd } from '@/lib/billing/money'
import { formatDay, formatPeriod, spendCapSummary } from './billing.utils'
import { RestrictionNotice } from './RestrictionNotice'

export const READ_ONLY_NOTE = 'Only Owners and Admins can change the plan, billing email, tax ids and payment method.'

/** The organization's plan, spend cap, billing period and price, and the way to change the plan. */
export function SubscriptionSection({ org, canUpdate, onChangePlan }: { org: Organization; canUpdate: boolean; onChangePlan: () => void }) {
  const subscription = useSubscriptionQuery({ slug: org.slug })
  const data = subscription.data
  return (
    <Card role="region" aria-labelledby="billing-plan-title">
      <CardHeader
        title={<span id="billing-plan-title">Subscription plan</span>}
        description={canUpdate ? undefined : READ_ONLY_NOTE}
        actions={
          canUpdate && data ? (
            <Button type="primary" onClick={onChangePlan}>
              Change plan
            </Button>
          ) : undefined
        }
      />
      <CardContent>
        {subscription.error ? (
          <QueryErrorAlert title="Could not load the subscription" error={subscription.error} onRetry={() => void subscription.refetch()} retrying={subscription.isFetching} />
        ) : !data ? (
          <div aria-busy="true" aria-label="Loading the subscription" className="flex flex-col gap-3">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-16" />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-xl font-semibold">{data.plan.name} plan</p>
              <Badge variant={data.spend_cap ? 'default' : 'brand'}>{spendCapSummary(data.tier).badge}</Badge>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-foreground-light">Price</dt>
              <dd>
                {data.price_monthly === null ? 'Custom, agreed with sales' : `${formatUsd(data.price_monthly)} / month`}
                {data.compute_credits_monthly > 0 && (
                  <span className="block text-foreground-lighter">Includes {formatUsd(data.compute_credits_monthly)} of compute credits each month.</span>
                )}
              </dd>
              <dt className="text-foreground-light">Billing period</dt>
              <dd>{formatPeriod(data.current_period_start, data.current_period_end)}</dd>
              <dt className="text-foreground-light">{data.tier === 'tier_pro' || data.tier === 'tier_payg' ? 'Spend cap' : 'Usage beyond the plan'}</dt>
              <dd>{spendCapSummary(data.tier).text}</dd>
              <dt className="text-foreground-light">On this plan since</dt>
              <dd>{formatDay(data.tier_since)}</dd>
            </dl>
            <RestrictionNotice org={org} restriction={data} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
