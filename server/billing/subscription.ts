import type { PlanTier, Subscription, SubscriptionPreview } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { AuthUser, OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'

export async function readSubscription(_platform: Platform, _org: OrgAccess): Promise<Subscription> {
  throw new PlatformError(501, 'Not built yet')
}
export async function changeSubscription(_platform: Platform, _org: OrgAccess, _user: AuthUser, _tier: PlanTier): Promise<Subscription> {
  throw new PlatformError(501, 'Not built yet')
}
export async function previewSubscription(_platform: Platform, _org: OrgAccess, _tier: PlanTier): Promise<SubscriptionPreview> {
  throw new PlatformError(501, 'Not built yet')
}
