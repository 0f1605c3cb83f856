import type { Invoice } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'

export async function listInvoices(_platform: Platform, _org: OrgAccess): Promise<Invoice[]> {
  throw new PlatformError(501, 'Not built yet')
}
