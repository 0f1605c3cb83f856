/** Words of the Compute and Disk page, from the one table of sizes (lib/compute-sizes.ts). */
import { COMPUTE_SIZES, monthlyPriceAfterCredits, type ComputeSizeId } from '@/lib/compute-sizes'
import { formatBytes } from '@/lib/format-bytes'
import { formatMonthly } from '@/lib/billing/plan-text'
import type { PlanId } from '@/lib/api-types'

/** "2 GB memory · 2-core CPU · 90 direct connections". */
export function computeSpecText(id: ComputeSizeId): string {
  const size = COMPUTE_SIZES[id]
  const cpu = size.cpu === 'shared' ? 'shared CPU' : `${size.cpu}-core CPU`
  return `${formatBytes(size.memoryBytes)} memory · ${cpu} · ${size.directConnections} direct connections`
}

/** What a month on the size costs the organization: "Included in the Free plan", "$15 / month ($5 after credits)". */
export function computePriceText(id: ComputeSizeId, plan: PlanId, creditsMonthly: number): string {
  const size = COMPUTE_SIZES[id]
  if (size.monthlyPrice === 0) return `Included in the ${plan === 'free' ? 'Free plan' : 'plan'}`
  const after = monthlyPriceAfterCredits(id, creditsMonthly)
  if (creditsMonthly === 0 || after === size.monthlyPrice) return formatMonthly(size.monthlyPrice)
  return after === 0 ? `${formatMonthly(size.monthlyPrice)}, covered by compute credits` : `${formatMonthly(size.monthlyPrice)} (${formatMonthly(after)} after credits)`
}

/** What the confirm dialog says will happen. */
export function resizeConsequences(from: ComputeSizeId, to: ComputeSizeId): string[] {
  const next = COMPUTE_SIZES[to]
  return [
    `The database moves from ${COMPUTE_SIZES[from].name} to ${next.name}: at most ${next.directConnections} connections at once, work_mem ${next.settings.work_mem}, maintenance_work_mem ${next.settings.maintenance_work_mem}.`,
    'Every open connection to the database is ended once (a brief restart of connections); clients reconnect and the project is back in a few seconds.',
    'The project shows "Resizing" until the new size is in place.',
  ]
}
