import type { billingRoutes } from '@/lib/api-types'
import type { TestPlatform } from '../../helpers/test-platform'
import type { Examples, Fixture } from './types'

/** A tax id of the fixture's organization made before each call; `taxIdTarget` is its id. */
let taxIdTarget = 0
let serial = 0
const einValue = () => `12-${String(1_000_000 + (++serial % 8_999_999)).padStart(7, '0')}`

async function taxIdToRemove(tp: TestPlatform, fx: Fixture) {
  const [row] = await tp.platform.db.query<{ id: number }>(
    `insert into organization_tax_ids (organization_id, type, value, country) select id, 'us_ein', $2, 'US' from organizations where slug = $1 returning id::int as id`,
    [fx.orgSlug, einValue()]
  )
  taxIdTarget = row.id
}

const org = (fx: Fixture) => `/platform/organizations/${fx.orgSlug}`

export const billingExamples: Examples<typeof billingRoutes> = {
  listPlans: { path: () => '/platform/plans' },
  getSubscription: { path: (fx) => `${org(fx)}/billing/subscription` },
  // The fixture's organization is on Free: "changing" to Free changes nothing, for those who may.
  updateSubscription: { path: (fx) => `${org(fx)}/billing/subscription`, body: () => ({ tier: 'tier_free' }) },
  previewSubscription: { path: (fx) => `${org(fx)}/billing/subscription/preview`, body: () => ({ tier: 'tier_pro' }) },
  getOrganizationUsage: { path: (fx) => `${org(fx)}/usage` },
  listInvoices: { path: (fx) => `${org(fx)}/billing/invoices` },
  listTaxIds: { path: (fx) => `${org(fx)}/tax-ids` },
  createTaxId: { path: (fx) => `${org(fx)}/tax-ids`, body: () => ({ type: 'us_ein', value: einValue(), country: 'US' }) },
  deleteTaxId: { path: (fx) => `${org(fx)}/tax-ids`, body: () => ({ id: taxIdTarget }), before: taxIdToRemove },
  getPaymentMethod: { path: (fx) => `${org(fx)}/payment-methods` },
  // There is no card processor: those who may attach one are told so.
  attachPaymentMethod: { path: (fx) => `${org(fx)}/payment-methods`, body: () => ({ payment_method_token: 'pm_test' }), status: 409 },
  getAuditLog: { path: (fx) => `${org(fx)}/audit` },
}
