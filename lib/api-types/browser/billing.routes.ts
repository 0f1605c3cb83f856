// Generated from ../billing.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { billingRoutes as declaredBillingRoutes } from '../billing.routes'
import { browserRoutes } from './browser-route'

export const billingRoutes = browserRoutes<typeof declaredBillingRoutes>({
  listPlans: ['GET', '/platform/plans', 'public'],
  getSubscription: ['GET', '/platform/organizations/:slug/billing/subscription', 'user'],
  updateSubscription: ['PUT', '/platform/organizations/:slug/billing/subscription', 'user'],
  previewSubscription: ['POST', '/platform/organizations/:slug/billing/subscription/preview', 'user'],
  getOrganizationUsage: ['GET', '/platform/organizations/:slug/usage', 'user'],
  listInvoices: ['GET', '/platform/organizations/:slug/billing/invoices', 'user'],
  listTaxIds: ['GET', '/platform/organizations/:slug/tax-ids', 'user'],
  createTaxId: ['POST', '/platform/organizations/:slug/tax-ids', 'user'],
  deleteTaxId: ['DELETE', '/platform/organizations/:slug/tax-ids', 'user'],
  getPaymentMethod: ['GET', '/platform/organizations/:slug/payment-methods', 'user'],
  attachPaymentMethod: ['POST', '/platform/organizations/:slug/payment-methods', 'user'],
  getAuditLog: ['GET', '/platform/organizations/:slug/audit', 'user'],
})
