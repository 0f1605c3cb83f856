import { Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { usePlansQuery } from '@/data/billing/plans-query'
import type { PlanId } from '@/lib/api-types'
import { PlanComparisonTable } from './PlanComparisonTable'

export function PlanComparisonSection({ currentPlan }: { currentPlan?: PlanId }) {
  const plans = usePlansQuery()
  return (
    <Card>
      <CardHeader title="Compare plans" description="What each plan includes." />
      <CardContent>
        {plans.error ? (
          <QueryErrorAlert title="Could not load the plans" error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
        ) : !plans.data ? (
          <Skeleton className="h-64" />
        ) : (
          <PlanComparisonTable groups={plans.data.comparison} currentPlan={currentPlan} />
        )}
      </CardContent>
    </Card>
  )
}
