import type { UsageAnswer, UsageQuery } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'

export async function organizationUsage(_platform: Platform, _org: OrgAccess, _query: UsageQuery): Promise<UsageAnswer> {
  throw new PlatformError(501, 'Not built yet')
}
