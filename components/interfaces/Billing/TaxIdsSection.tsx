import { useState } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Modal, ModalActions, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useTaxIdsQuery } from '@/data/billing/tax-ids-query'
import { useTaxIdDeleteMutation } from '@/data/billing/tax-id-delete-mutation'
import type { Organization, TaxId } from '@/lib/api-types'
import { TAX_ID_TYPES } from '@/lib/billing/tax-ids'
import { TaxIdAddForm } from './TaxIdAddForm'

const typeLabel = (type: string) => TAX_ID_TYPES.find((t) => t.type === type)?.label ?? type

/** The tax ids the organization's statements carry: listed for everyone, added and removed by Owners and Admins. */
export function TaxIdsSection({ org, canUpdate }: { org: Organization; canUpdate: boolean }) {
  const taxIds = useTaxIdsQuery({ slug: org.slug })
  const [removing, setRemoving] = useState<TaxId>()
  const remove = useTaxIdDeleteMutation({
    onSuccess: () => {
      toast.success(`Tax id ${removing?.value ?? ''} removed`)
      setRemoving(undefined)
    },
  })
  return (
    <Card>
      <CardHeader title="Tax ids" description="Shown on the organization’s statements." />
      <CardContent className="flex flex-col gap-4">
        {taxIds.error ? (
          <QueryErrorAlert title="Could not load the tax ids" error={taxIds.error} onRetry={() => void taxIds.refetch()} retrying={taxIds.isFetching} />
        ) : !taxIds.data ? (
          <Skeleton className="h-10" />
        ) : taxIds.data.length === 0 ? (
          <p className="text-sm text-foreground-light">No tax ids yet.</p>
        ) : (
          <ul aria-label="Tax ids" className="divide-y divide-border rounded-md border border-border">
            {taxIds.data.map((taxId) => (
              <li key={taxId.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-mono break-all">{taxId.value}</p>
                  <p className="text-xs text-foreground-lighter">
                    {typeLabel(taxId.type)} · {taxId.country}
                  </p>
                </div>
                {canUpdate && (
                  <Button size="tiny" type="outline" onClick={() => setRemoving(taxId)} aria-label={`Remove tax id ${taxId.value}`}>
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canUpdate && <TaxIdAddForm slug={org.slug} />}
      </CardContent>
      <Modal
        open={removing !== undefined}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(undefined)}
        title="Remove tax id"
        description={removing && `${typeLabel(removing.type)} ${removing.value} will no longer appear on statements.`}
        size="small"
        preventBackdropClose={remove.isPending}
        footer={
          <ModalActions
            actionLabel="Remove"
            tone="danger"
            onCancel={() => setRemoving(undefined)}
            onAction={() => removing && remove.mutate({ slug: org.slug, id: removing.id })}
            busy={remove.isPending}
          />
        }
      />
    </Card>
  )
}
