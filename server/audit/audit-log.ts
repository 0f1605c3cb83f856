import type { AuditAnswer, AuditQuery } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'

export async function readAuditLog(_platform: Platform, _org: OrgAccess, _query: AuditQuery): Promise<AuditAnswer> {
  throw new PlatformError(501, 'Not built yet')
}
