import { SELF_HOSTED_ROLE, permits, roleCan } from '@/lib/api-types/permissions'
import type { Action } from '@/lib/api-types'
import { useRuntimeConfigQuery } from '../config/config-query'
import { usePermissionsQuery } from './permissions-query'

/**
 * Whether the signed-in user may take `action` in an organization, from the permissions the
 * platform derives from its roles policy; in self-hosted mode (no permissions to fetch, SPEC §6)
 * from the same policy for the local user's role. False while unknown: controls appear once
 * allowed rather than vanish once refused.
 */
export function useCan(action: Action, organization: { id?: number; slug?: string } | undefined): boolean {
  const config = useRuntimeConfigQuery()
  const isPlatform = config.data?.isPlatform
  const permissions = usePermissionsQuery({ enabled: isPlatform === true })
  if (isPlatform === undefined || !organization) return false
  if (!isPlatform) return roleCan(SELF_HOSTED_ROLE, action, { isPlatform: false })
  return permits(permissions.data, organization, action)
}
