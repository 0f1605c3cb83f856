import { expect, it } from 'vitest'
import { computePriceText, computeSpecText, resizeConsequences } from './compute-settings.utils'

it.each([
  ['nano', '512 MB memory · shared CPU · 30 direct connections'],
  ['small', '2 GB memory · 2-core CPU · 90 direct connections'],
] as const)('spec of %s → %s', (id, text) => expect(computeSpecText(id)).toBe(text))

it.each([
  ['nano', 'free', 0, 'Included in the Free plan'],
  ['micro', 'pro', 10, '$10 / month, covered by compute credits'],
  ['small', 'pro', 10, '$15 / month ($5 / month after credits)'],
  ['large', 'team', 10, '$110 / month ($100 / month after credits)'],
] as const)('price of %s on %s with $%d credits → %s', (id, plan, credits, text) => expect(computePriceText(id, plan, credits)).toBe(text))

it('says the connections restart and what the new limits are', () => {
  const [limits, restart] = resizeConsequences('micro', 'small')
  expect(limits).toBe('The database moves from Micro to Small: at most 90 connections at once, work_mem 5MB, maintenance_work_mem 128MB.')
  expect(restart).toContain('brief restart of connections')
})
