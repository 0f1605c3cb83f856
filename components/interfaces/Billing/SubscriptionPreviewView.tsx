import { ArrowRight } from 'lucide-react'
import { Alert, Badge, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import type { useSubscriptionPreviewQuery } from '@/data/billing/subscription-preview-query'
import { TIER_LABELS } from '@/lib/api-types/organizations'
import { formatUsd } from '@/lib/billing/money'
import { CostTable } from './CostTable'

const CHANGE_LABELS = { upgrade: 'Upgrade', downgrade: 'Downgrade', none: 'No change' } as const

/** What a change of plan would do, before it is confirmed: the new monthly cost, what changes, or why it is refused. */
export function SubscriptionPreviewView({ preview }: { preview: ReturnType<typeof useSubscriptionPreviewQuery> }) {
  if (preview.error)
    return <QueryErrorAlert title="Could not preview the change" error={preview.error} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
  const data = preview.data
  if (!data)
    return (
      <div aria-busy="true" aria-label="Loading the preview" className="flex flex-col gap-3">
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-32" />
      </div>
    )
  const price = (p: number | null) => (p === null ? 'Custom' : `${formatUsd(p)} / month`)
  return (
    <div className="flex flex-col gap-4" aria-label="Preview of the change" role="region">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          {TIER_LABELS[data.current.tier]} <span className="text-foreground-lighter">({price(data.current.price_monthly)})</span>
        </span>
        <ArrowRight aria-label="to" size={14} className="text-foreground-lighter" />
        <span className="font-medium">
          {TIER_LABELS[data.target.tier]} <span className="font-normal text-foreground-lighter">({price(data.target.price_monthly)})</span>
        </span>
        <Badge variant={data.change === 'upgrade' ? 'brand' : data.change === 'downgrade' ? 'warning' : 'default'}>{CHANGE_LABELS[data.change]}</Badge>
      </div>
      {data.refusal && (
        <Alert variant="danger" title="This change is not possible now">
          {data.refusal}
        </Alert>
      )}
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">New monthly cost</h3>
        <p className="text-xs text-foreground-lighter">This period’s usage so far, projected to its end and priced on the new plan.</p>
        <CostTable caption="New monthly cost" planName={data.target.plan.name} columns={[{ label: 'Per month', cost: data.projected_monthly }]} />
      </div>
      {data.notes.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">What changes</h3>
          <ul className="list-disc pl-5 text-sm text-foreground-light">
            {data.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
