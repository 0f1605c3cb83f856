import { z } from 'zod'
import { route } from './route'
import { byOrgSlug } from './route-scopes'
import { organizationParams } from './organizations'
import {
  attachPaymentMethodBody,
  auditAnswer,
  auditQuery,
  createTaxIdBody,
  deleteTaxIdBody,
  invoice,
  paymentMethod,
  plansAnswer,
  subscription,
  subscriptionBody,
  subscriptionPreview,
  taxId,
  taxIdDeleted,
  usageAnswer,
  usageQuery,
} from './billing'

/**
 * Organization billing. Every member reads it; only Owners and Admins change it (billing:update).
 * Self-hosted mode has no plans: these routes are platform-only, except the public plan cards.
 */
export const billingRoutes = {
  /** The plan cards and the comparison table: public, as a pricing page is. */
  listPlans: route({ method: 'GET', path: '/platform/plans', auth: 'public', answer: plansAnswer }),

  getSubscription: route({
    method: 'GET',
    path: '/platform/organizations/:slug/billing/subscription',
    params: organizationParams,
    answer: subscription,
    action: 'billing:read',
    scope: byOrgSlug,
  }),
  /** Changes the tier at once; refused (400) for the reasons the preview gives. */
  updateSubscription: route({
    method: 'PUT',
    path: '/platform/organizations/:slug/billing/subscription',
    params: organizationParams,
    body: subscriptionBody,
    answer: subscription,
    action: 'billing:update',
    scope: byOrgSlug,
  }),
  /** What a change of tier would cost and do; changes nothing. Every member may ask. */
  previewSubscription: route({
    method: 'POST',
    path: '/platform/organizations/:slug/billing/subscription/preview',
    params: organizationParams,
    body: subscriptionBody,
    answer: subscriptionPreview,
    action: 'billing:read',
    scope: byOrgSlug,
  }),
  getOrganizationUsage: route({
    method: 'GET',
    path: '/platform/organizations/:slug/usage',
    params: organizationParams,
    query: usageQuery,
    answer: usageAnswer,
    action: 'billing:read',
    scope: byOrgSlug,
  }),
  listInvoices: route({
    method: 'GET',
    path: '/platform/organizations/:slug/billing/invoices',
    params: organizationParams,
    answer: z.array(invoice),
    action: 'billing:read',
    scope: byOrgSlug,
  }),
  listTaxIds: route({
    method: 'GET',
    path: '/platform/organizations/:slug/tax-ids',
    params: organizationParams,
    answer: z.array(taxId),
    action: 'billing:read',
    scope: byOrgSlug,
  }),
  createTaxId: route({
    method: 'POST',
    path: '/platform/organizations/:slug/tax-ids',
    params: organizationParams,
    body: createTaxIdBody,
    answer: taxId,
    status: 201,
    action: 'billing:update',
    scope: byOrgSlug,
  }),
  deleteTaxId: route({
    method: 'DELETE',
    path: '/platform/organizations/:slug/tax-ids',
    params: organizationParams,
    body: deleteTaxIdBody,
    answer: taxIdDeleted,
    action: 'billing:update',
    scope: byOrgSlug,
  }),
  getPaymentMethod: route({
    method: 'GET',
    path: '/platform/organizations/:slug/payment-methods',
    params: organizationParams,
    answer: paymentMethod,
    action: 'billing:read',
    scope: byOrgSlug,
  }),
  /** Hands a card processor's token to the processor module; without a processor, a 409 that says so. */
  attachPaymentMethod: route({
    method: 'POST',
    path: '/platform/organizations/:slug/payment-methods',
    params: organizationParams,
    body: attachPaymentMethodBody,
    answer: paymentMethod,
    action: 'billing:update',
    scope: byOrgSlug,
  }),
  getAuditLog: route({
    method: 'GET',
    path: '/platform/organizations/:slug/audit',
    params: organizationParams,
    query: auditQuery,
    answer: auditAnswer,
    action: 'audit:read',
    scope: byOrgSlug,
  }),
}
