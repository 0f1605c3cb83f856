/**
 * Money as the pages and statements show it (SPEC §9): US dollars with 2 decimals, and 0 decimals
 * for an amount under one cent ("$0"). Arithmetic is done on exact amounts and rounded to cents
 * once, where a figure is stated (`roundCents`).
 */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })

/** Rounds half away from zero to a whole cent, without binary-fraction surprises (1.005 → 1.01). */
export function roundCents(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7) / 100
  return amount < 0 ? -cents : cents
}

export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) return '–'
  if (Math.abs(amount) < 0.005) return whole.format(0)
  return dollars.format(roundCents(amount))
}

/** A unit price that may be a fraction of a cent ($0.00325 per user): as many decimals as it has, at least 2. */
export function formatUnitPrice(amount: number): string {
  const decimals = Math.min(6, Math.max(2, (String(amount).split('.')[1] ?? '').length))
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount)
}
