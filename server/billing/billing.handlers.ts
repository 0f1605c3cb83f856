import type { billingRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { listPlans } from './plans'
import { changeSubscription, previewSubscription, readSubscription } from './subscription'
import { organizationUsage } from './usage-answer'
import { listInvoices } from './invoices'
import { addTaxId, listTaxIds, removeTaxId } from './tax-ids'
import { attachPaymentMethod, readPaymentMethod } from './payment-processor'
import { readAuditLog } from '../audit/audit-log'

export const billingHandlers: Handlers<typeof billingRoutes> = {
  listPlans: async () => listPlans(),
  getSubscription: ({ platform, access }) => readSubscription(platform, access),
  updateSubscription: ({ platform, access, user, body }) => changeSubscription(platform, access, user, body.tier),
  previewSubscription: ({ platform, access, body }) => previewSubscription(platform, access, body.tier),
  getOrganizationUsage: ({ platform, access, query }) => organizationUsage(platform, access, query),
  listInvoices: ({ platform, access }) => listInvoices(platform, access),
  listTaxIds: ({ platform, access }) => listTaxIds(platform, access),
  createTaxId: ({ platform, access, user, body }) => addTaxId(platform, access, user, body),
  deleteTaxId: async ({ platform, access, user, body }) => {
    await removeTaxId(platform, access, user, body.id)
    return { id: body.id, deleted: true }
  },
  getPaymentMethod: ({ platform, access }) => readPaymentMethod(platform, access),
  attachPaymentMethod: ({ platform, access, user, body }) => attachPaymentMethod(platform, access, user, body.payment_method_token),
  getAuditLog: ({ platform, access, query }) => readAuditLog(platform, access, query),
}
