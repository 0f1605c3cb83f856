import type { PaymentMethod } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { AuthUser, OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'

export async function readPaymentMethod(_platform: Platform, _org: OrgAccess): Promise<PaymentMethod> {
  throw new PlatformError(501, 'Not built yet')
}
export async function attachPaymentMethod(_platform: Platform, _org: OrgAccess, _user: AuthUser, _token: string): Promise<PaymentMethod> {
  throw new PlatformError(501, 'Not built yet')
}
