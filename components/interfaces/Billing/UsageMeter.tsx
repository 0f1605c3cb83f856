import clsx from 'clsx'
import { usageLevel, type UsageLevel } from './billing.utils'

const fill: Record<UsageLevel, string> = { ok: 'bg-brand', warning: 'bg-warning', over: 'bg-destructive' }

/**
 * Usage against what the plan includes, as a bar: brand up to 80 %, warning above, destructive
 * over 100 %. `valueText` is what a screen reader says ("9 GB of 8 GB"): aria-valuenow stays
 * within the range ARIA allows, so an amount over the quota is told by the text.
 */
export function UsageMeter({ label, value, max, valueText, className }: { label: string; value: number; max: number; valueText: string; className?: string }) {
  const level = usageLevel(value, max)
  const share = max > 0 ? Math.min(1, value / max) : 1
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      data-level={level}
      className={clsx('h-1.5 overflow-hidden rounded-full bg-surface-raised', className)}
    >
      {/* At least a sliver for any use at all, so "a little" never looks like "nothing". */}
      <div className={clsx('h-full rounded-full', fill[level])} style={{ width: `${value > 0 ? Math.max(share * 100, 1) : 0}%` }} />
    </div>
  )
}
