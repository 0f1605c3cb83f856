import clsx from 'clsx'
import Link from 'next/link'
import { Check, TriangleAlert } from 'lucide-react'
import { Badge, Button, buttonClasses, Toggle } from '@/components/ui'
import { TIER_LABELS } from '@/lib/api-types/organizations'
import type { Organization, PlanCard, PlanTier } from '@/lib/api-types'
import { formatUsd } from '@/lib/billing/money'
import { changeKind, TIERS } from '@/lib/billing/tiers'
import { planCardHref } from '@/lib/billing/plan-cards'
import { cardFeatures, tierOfCard } from './billing.utils'

export type PlanCardOptionProps = {
  card: PlanCard
  org: Pick<Organization, 'slug' | 'managed_by'>
  currentTier: PlanTier
  /** Pro only: the spend cap toggle (off is pay as you go). */
  spendCap: boolean
  onSpendCapChange: (on: boolean) => void
  onSelect: (tier: PlanTier) => void
}

/** One plan of the plan change: its price and features, and the button that leads to the preview. */
export function PlanCardOption({ card, org, currentTier, spendCap, onSpendCapChange, onSelect }: PlanCardOptionProps) {
  const tier = tierOfCard(card, spendCap)
  const kind = changeKind(currentTier, tier)
  // Pro and pay as you go are one card: it is the current plan for either tier.
  const isCurrentPlan = TIERS[card.id].plan === TIERS[currentTier].plan
  const titleId = `plan-card-${card.id}`
  return (
    <li
      aria-labelledby={titleId}
      className={clsx('flex min-w-0 flex-col gap-3 rounded-lg border p-4', isCurrentPlan ? 'border-brand bg-brand/5' : 'border-border bg-surface')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {card.name}
        </h3>
        {card.nameBadge && <Badge variant="brand">{card.nameBadge}</Badge>}
        {isCurrentPlan && <Badge>Current plan</Badge>}
      </div>
      <p className="text-sm">
        {card.priceLabel && <span className="text-foreground-light">{card.priceLabel} </span>}
        <span className="text-2xl font-semibold tabular-nums">{card.priceMonthly === 'Custom' ? 'Custom' : formatUsd(card.priceMonthly)}</span>
        {card.costUnit && <span className="text-foreground-light"> {card.costUnit}</span>}
      </p>
      {card.warning && (
        <p className="flex gap-1.5 text-xs text-foreground-light">
          <TriangleAlert aria-hidden="true" size={14} className="mt-px shrink-0 text-warning" />
          <span>{card.warning}</span>
        </p>
      )}
      <p className="text-sm text-foreground-light">{card.description}</p>
      {card.id === 'tier_pro' && (
        <Toggle
          checked={spendCap}
          onCheckedChange={onSpendCapChange}
          label="Spend cap"
          size="tiny"
          description={spendCap ? 'Over a quota the organization is restricted, never billed for it.' : 'Pay as you go: usage beyond the included amounts is billed.'}
        />
      )}
      {card.preface && <p className="text-sm font-medium">{card.preface}</p>}
      <ul className="flex flex-col gap-1.5 text-sm text-foreground-light">
        {cardFeatures(card, org.managed_by).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" size={14} className="mt-0.5 shrink-0 text-brand" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {card.footer && <p className="text-xs text-foreground-lighter">{card.footer}</p>}
      <div className="mt-auto pt-2">
        {kind === 'none' ? (
          <Button block disabled>
            Current plan
          </Button>
        ) : card.id === 'tier_enterprise' ? (
          <ContactSales href={planCardHref(card, org.slug)} />
        ) : (
          <Button block type={kind === 'upgrade' ? 'primary' : 'default'} onClick={() => onSelect(tier)}>
            {kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to {TIER_LABELS[tier]}
          </Button>
        )}
      </div>
    </li>
  )
}

/** Enterprise is agreed with sales, not switched to: its card leads to the contact form (ours, or another site's in a new tab). */
function ContactSales({ href }: { href: string }) {
  const classes = buttonClasses({ block: true })
  return href.startsWith('/') ? (
    <Link href={href} className={classes}>
      Contact sales
    </Link>
  ) : (
    <a href={href} target="_blank" rel="noreferrer" className={classes}>
      Contact sales
    </a>
  )
}
