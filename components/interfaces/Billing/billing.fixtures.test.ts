/**
 * The fixtures the billing component tests answer with satisfy the platform's answer schemas: a
 * test that passed on a shape the platform never answers would prove nothing.
 */
import { z } from 'zod'
import { invoice, organization, paymentMethod, plansAnswer, subscription, subscriptionPreview, taxId, usageAnswer } from '@/lib/api-types'
import {
  acmeOrganization,
  invoicesFixture,
  paymentMethodFixture,
  plansFixture,
  refusedPreviewFixture,
  subscriptionFixture,
  taxIdsFixture,
  upgradePreviewFixture,
  usageFixture,
} from './billing.fixtures'

it.each([
  ['organization', organization, acmeOrganization],
  ['subscription', subscription, subscriptionFixture],
  ['payment method', paymentMethod, paymentMethodFixture],
  ['usage', usageAnswer, usageFixture],
  ['upgrade preview', subscriptionPreview, upgradePreviewFixture],
  ['refused preview', subscriptionPreview, refusedPreviewFixture],
  ['plans', plansAnswer, plansFixture],
  ['invoices', z.array(invoice), invoicesFixture],
  ['tax ids', z.array(taxId), taxIdsFixture],
] as const)('the %s fixture is a valid answer', (_, schema, fixture) => {
  expect(() => (schema as z.ZodType).parse(fixture)).not.toThrow()
})

it('has every comparison group, in order', () => {
  expect(plansFixture.comparison.map((g) => g.key)).toEqual(['database', 'auth', 'storage', 'edge_functions', 'realtime', 'dashboard', 'security', 'support'])
})
