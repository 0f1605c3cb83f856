import type { billingRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'
import { PlatformError } from '../http/errors'

const notYet = async (): Promise<never> => {
  throw new PlatformError(501, 'Not built yet')
}

export const billingHandlers: Handlers<typeof billingRoutes> = {
  listPlans: notYet,
  getSubscription: notYet,
  updateSubscription: notYet,
  previewSubscription: notYet,
  getOrganizationUsage: notYet,
  listInvoices: notYet,
  listTaxIds: notYet,
  createTaxId: notYet,
  deleteTaxId: notYet,
  getPaymentMethod: notYet,
  attachPaymentMethod: notYet,
  getAuditLog: notYet,
}
