import { CreditCard } from 'lucide-react'
import { Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { usePaymentMethodQuery } from '@/data/billing/payment-method-query'
import type { Organization } from '@/lib/api-types'

/**
 * The card on file. This platform has no card processor, so there is never one: the masked
 * placeholder stands where it would be, with the platform's note saying why.
 */
export function PaymentMethodSection({ org }: { org: Organization }) {
  const method = usePaymentMethodQuery({ slug: org.slug })
  const data = method.data
  return (
    <Card>
      <CardHeader title="Payment method" />
      <CardContent>
        {method.error ? (
          <QueryErrorAlert title="Could not load the payment method" error={method.error} onRetry={() => void method.refetch()} retrying={method.isFetching} />
        ) : !data ? (
          <Skeleton className="h-12" />
        ) : (
          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <CreditCard aria-hidden="true" size={20} className="shrink-0 text-foreground-lighter" />
              {data.card ? (
                <span className="text-sm">
                  <span className="font-medium capitalize">{data.card.brand}</span> <span className="font-mono">•••• {data.card.last4}</span>{' '}
                  <span className="text-foreground-lighter">
                    expires {String(data.card.exp_month).padStart(2, '0')}/{data.card.exp_year}
                  </span>
                </span>
              ) : (
                <span className="text-sm">
                  <span className="font-mono tracking-wider">{data.masked}</span>
                  <span className="sr-only"> (no card on file)</span>
                </span>
              )}
            </div>
            <p className="text-sm text-foreground-light">
              {data.note || 'This platform has no card processor: nothing is charged.'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
