import { Receipt } from 'lucide-react'
import { Card, CardHeader, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useInvoicesQuery } from '@/data/billing/invoices-query'
import type { Organization } from '@/lib/api-types'
import { InvoicesPageStatement } from './InvoicesPageStatement'

/**
 * /org/{slug}/invoices: one statement per month, the month in progress first, each opening onto
 * its lines and downloadable as CSV. Statements are computed by the platform from the usage it
 * stored; nothing is charged, as this platform has no card processor.
 */
export function InvoicesPage({ org }: { org: Organization }) {
  const invoices = useInvoicesQuery({ slug: org.slug })
  return (
    <Card>
      <CardHeader
        title="Statements"
        description="One per month, computed from the usage the platform measured. This platform has no card processor: nothing is charged."
      />
      {invoices.error ? (
        <div className="p-4">
          <QueryErrorAlert title="Could not load the statements" error={invoices.error} onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
        </div>
      ) : !invoices.data ? (
        <div className="flex flex-col gap-2 p-4" aria-busy="true" aria-label="Loading the statements">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : invoices.data.length === 0 ? (
        <EmptyState className="m-4" icon={<Receipt size={20} />} title="No statements yet" description="The first one appears with the organization's first month." />
      ) : (
        <ul aria-label="Statements" className="divide-y divide-border">
          {invoices.data.map((invoice) => (
            <InvoicesPageStatement key={invoice.id} invoice={invoice} slug={org.slug} />
          ))}
        </ul>
      )}
    </Card>
  )
}
