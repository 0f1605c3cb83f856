import { useState } from 'react'
import { toast } from 'sonner'
import { Alert, Button, Modal, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { usePlansQuery } from '@/data/billing/plans-query'
import { useSubscriptionPreviewQuery } from '@/data/billing/subscription-preview-query'
import { useSubscriptionUpdateMutation } from '@/data/billing/subscription-update-mutation'
import { TIER_LABELS } from '@/lib/api-types/organizations'
import type { Organization, PlanTier } from '@/lib/api-types'
import { cardsToOffer } from './billing.utils'
import { PlanCardOption } from './PlanCardOption'
import { SubscriptionPreviewView } from './SubscriptionPreviewView'

/**
 * Changing the plan in two steps: pick a plan card (Pro with or without its spend cap), then see
 * what the change would cost and do (the platform's preview) and confirm it. A change the platform
 * would refuse cannot be confirmed; its reason is shown instead.
 */
export function PlanChangeModal({ org, currentTier, open, onOpenChange }: { org: Organization; currentTier: PlanTier; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [target, setTarget] = useState<PlanTier>()
  const [spendCap, setSpendCap] = useState(currentTier !== 'tier_payg')
  const plans = usePlansQuery({ enabled: open })
  const preview = useSubscriptionPreviewQuery({ slug: org.slug, tier: target }, { enabled: open })
  const update = useSubscriptionUpdateMutation({
    onSuccess: (subscription) => {
      toast.success(`${org.name} is now on the ${TIER_LABELS[subscription.tier]} plan`)
      close()
    },
  })

  function close() {
    setTarget(undefined)
    setSpendCap(currentTier !== 'tier_payg')
    update.reset()
    onOpenChange(false)
  }
  const back = () => {
    setTarget(undefined)
    update.reset()
  }

  const canConfirm = target !== undefined && preview.data !== undefined && !preview.data.refusal && preview.data.change !== 'none' && !preview.isFetching
  const footer = target ? (
    <>
      <Button onClick={back} disabled={update.isPending}>
        Back
      </Button>
      <Button type="primary" disabled={!canConfirm} loading={update.isPending} onClick={() => target && update.mutate({ slug: org.slug, tier: target })}>
        Confirm change
      </Button>
    </>
  ) : (
    <Button onClick={close}>Cancel</Button>
  )

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={target ? `Change to ${TIER_LABELS[target]}` : 'Change plan'}
      description={target ? 'Check what the change does before confirming it. It takes effect at once.' : `Currently on ${TIER_LABELS[currentTier]}.`}
      size={target ? 'large' : 'xxxlarge'}
      preventBackdropClose={update.isPending}
      footer={footer}
    >
      {target ? (
        <div className="flex flex-col gap-4">
          <SubscriptionPreviewView preview={preview} />
          {update.error && (
            <Alert variant="danger" title="The plan was not changed">
              {update.error.message}
            </Alert>
          )}
        </div>
      ) : plans.error ? (
        <QueryErrorAlert title="Could not load the plans" error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : !plans.data ? (
        <div aria-busy="true" aria-label="Loading the plans" className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : (
        <ul aria-label="Plans" className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {cardsToOffer(plans.data.plans).map((card) => (
            <PlanCardOption key={card.id} card={card} org={org} currentTier={currentTier} spendCap={spendCap} onSpendCapChange={setSpendCap} onSelect={setTarget} />
          ))}
        </ul>
      )}
    </Modal>
  )
}
