import { useState } from 'react'
import { CreditCard } from 'lucide-react'
import { EmptyState } from '@/components/ui'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { useSubscriptionQuery } from '@/data/billing/subscription-query'
import { useCan } from '@/data/profile/use-can'
import type { Organization } from '@/lib/api-types'
import { BillingEmailSection } from './BillingEmailSection'
import { CostSection } from './CostSection'
import { PaymentMethodSection } from './PaymentMethodSection'
import { PlanChangeModal } from './PlanChangeModal'
import { PlanComparisonSection } from './PlanComparisonSection'
import { SubscriptionSection } from './SubscriptionSection'
import { TaxIdsSection } from './TaxIdsSection'
import { UsageSummary } from './UsageSummary'

/**
 * /org/{slug}/billing: the plan and how to change it, the period's cost and usage, the plan
 * comparison, and the billing details. Every member reads it; Owners and Admins change it (the
 * platform refuses the others whatever the page shows).
 */
export function OrganizationBilling({ org }: { org: Organization }) {
  const isPlatform = useIsPlatform()
  const canUpdate = useCan('billing:update', org)
  const subscription = useSubscriptionQuery({ slug: org.slug }, { enabled: isPlatform })
  const [changing, setChanging] = useState(false)

  if (!isPlatform)
    return <EmptyState icon={<CreditCard size={20} />} title="No billing in self-hosted mode" description="Plans, usage and statements are part of the hosted platform." />

  return (
    <div className="flex flex-col gap-6">
      <SubscriptionSection org={org} canUpdate={canUpdate} onChangePlan={() => setChanging(true)} />
      <CostSection org={org} />
      <UsageSummary org={org} />
      <PlanComparisonSection currentPlan={subscription.data?.plan.id ?? org.plan.id} />
      <div className="grid gap-6 lg:grid-cols-2">
        {/* Keyed by the saved value: after a save the form starts from it again. */}
        <BillingEmailSection key={org.billing_email} org={org} canUpdate={canUpdate} />
        <PaymentMethodSection org={org} />
      </div>
      <TaxIdsSection org={org} canUpdate={canUpdate} />
      {canUpdate && subscription.data && (
        // Keyed by the tier: after a change the modal starts from the new one (its spend cap toggle).
        <PlanChangeModal key={subscription.data.tier} org={org} currentTier={subscription.data.tier} open={changing} onOpenChange={setChanging} />
      )}
    </div>
  )
}
