import clsx from 'clsx'
import { Check, Minus } from 'lucide-react'
import { PLAN_IDS, PLAN_NAMES } from '@/lib/api-types/plans'
import type { ComparisonGroup, ComparisonRow, PlanId } from '@/lib/api-types'

type Cell = ComparisonRow['plans'][PlanId]

function CellValue({ value }: { value: Cell }) {
  if (typeof value === 'boolean')
    return value ? (
      <>
        <Check aria-hidden="true" size={16} className="inline text-brand" />
        <span className="sr-only">Included</span>
      </>
    ) : (
      <>
        <Minus aria-hidden="true" size={16} className="inline text-foreground-lighter" />
        <span className="sr-only">Not included</span>
      </>
    )
  if (Array.isArray(value))
    return (
      <ul className="flex flex-col gap-0.5">
        {value.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    )
  return <>{value}</>
}

/**
 * The plans side by side, grouped as the platform answers them (database, auth, storage, edge
 * functions, realtime, dashboard, security, support). Rows priced by usage carry a marker
 * explained under the table. On a phone the table scrolls sideways with the row names kept in view.
 */
export function PlanComparisonTable({ groups, currentPlan }: { groups: ComparisonGroup[]; currentPlan?: PlanId }) {
  const current = (plan: PlanId) => plan === currentPlan && 'bg-brand/5'
  return (
    <div className="flex flex-col gap-3">
      {/* Positioned: the sr-only labels of the cells (absolutely placed) must be clipped by this scroller, not widen the page. */}
      <div className="relative overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label="Plan comparison, scrolls sideways">
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <caption className="sr-only">What each plan includes</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="sticky left-0 z-10 w-32 bg-surface px-3 py-2 text-left font-medium sm:w-48">
                Feature
              </th>
              {PLAN_IDS.map((plan) => (
                <th key={plan} scope="col" className={clsx('px-3 py-2 text-left font-medium', current(plan))} aria-current={plan === currentPlan ? 'true' : undefined}>
                  {PLAN_NAMES[plan]}
                  {plan === currentPlan && <span className="block text-xs font-normal text-brand-strong">Current plan</span>}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.key} aria-label={group.title}>
              <tr className="border-b border-border bg-surface-raised">
                <th scope="colgroup" colSpan={PLAN_IDS.length + 1} className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-foreground-light uppercase">
                  {/* The group title stays in view too while the table scrolls. */}
                  <span className="sticky left-3">{group.title}</span>
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.key} className="border-b border-border last:border-b-0">
                  <th scope="row" className="sticky left-0 z-10 bg-surface px-3 py-2 text-left align-top font-normal">
                    {row.title}
                    {row.usage_based && (
                      <>
                        <sup aria-hidden="true" className="ml-0.5 text-brand-strong">
                          *
                        </sup>
                        <span className="sr-only"> (usage-based)</span>
                      </>
                    )}
                  </th>
                  {PLAN_IDS.map((plan) => (
                    <td key={plan} className={clsx('px-3 py-2 align-top text-foreground-light', current(plan))}>
                      <CellValue value={row.plans[plan]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {groups.some((g) => g.rows.some((r) => r.usage_based)) && (
        <p className="text-xs text-foreground-lighter">
          <span aria-hidden="true" className="text-brand-strong">
            *
          </span>{' '}
          Usage-based: on paid plans without a spend cap, use beyond the included amount is billed at the overage price.
        </p>
      )}
    </div>
  )
}
