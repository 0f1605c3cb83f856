import type { CostAnswer } from '@/lib/api-types'
import { formatUsd, formatUnitPrice } from '@/lib/billing/money'
import { formatUsage, METRIC_INFO } from '@/lib/billing/metrics'
import { perUnitLabel } from './billing.utils'

export type CostColumn = { label: string; cost: CostAnswer }

/**
 * One or more costs side by side (so far / projected; the new monthly cost of a plan change): the
 * plan's price, each billed usage line with what it counts, the compute credits, the total. Lines
 * not billed on the tier are left out: over a capped quota the organization is restricted, not billed.
 */
export function CostTable({ columns, planName, caption }: { columns: CostColumn[]; planName: string; caption: string }) {
  const metrics = [...new Set(columns.flatMap((c) => c.cost.lines.filter((l) => l.billed).map((l) => l.metric)))]
  const reference = columns[0].cost
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[18rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-foreground-lighter">
            <th scope="col" className="py-2 pr-3 font-medium">
              Item
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="py-2 pl-3 text-right font-medium whitespace-nowrap">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          <tr>
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              {planName} plan
            </th>
            {columns.map((c) => (
              <td key={c.label} className="py-2 pl-3 text-right tabular-nums">
                {c.cost.base === null ? 'Custom' : formatUsd(c.cost.base)}
              </td>
            ))}
          </tr>
          {metrics.map((metric) => {
            const line = reference.lines.find((l) => l.metric === metric) ?? columns.flatMap((c) => c.cost.lines).find((l) => l.metric === metric)!
            const { name, unit } = METRIC_INFO[metric]
            return (
              <tr key={metric}>
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  {name}
                  <span className="block text-xs text-foreground-lighter">
                    {line.included ? `${formatUsage(unit, line.overage)} over ${formatUsage(unit, line.included)} included` : `${formatUsage(unit, line.usage)} used`}
                    {line.price !== null && ` · ${formatUnitPrice(line.price)} ${perUnitLabel(unit, line.per)}`}
                  </span>
                </th>
                {columns.map((c) => (
                  <td key={c.label} className="py-2 pl-3 text-right align-top tabular-nums">
                    {formatUsd(c.cost.lines.find((l) => l.metric === metric)?.amount ?? 0)}
                  </td>
                ))}
              </tr>
            )
          })}
          {columns.some((c) => c.cost.credits_applied > 0) && (
            <tr>
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                Compute credits
              </th>
              {columns.map((c) => (
                <td key={c.label} className="py-2 pl-3 text-right tabular-nums">
                  {c.cost.credits_applied > 0 ? `−${formatUsd(c.cost.credits_applied)}` : formatUsd(0)}
                </td>
              ))}
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="border-t border-border font-medium">
            <th scope="row" className="py-2 pr-3 text-left">
              Total
            </th>
            {columns.map((c) => (
              <td key={c.label} className="py-2 pl-3 text-right tabular-nums">
                {formatUsd(c.cost.total)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
