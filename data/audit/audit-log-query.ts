import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { auditKeys } from './keys'

export type AuditLogVariables = {
  slug: string
  /** The first moment included (a date or an ISO timestamp); the platform defaults to 7 days ago. */
  dateStart?: string
  /** The first moment not included; the platform defaults to now. */
  dateEnd?: string
}

/** Who did what in the organization, newest first (Owners and Admins only: others get a 403). */
export async function getAuditLog({ slug, dateStart, dateEnd }: AuditLogVariables, signal?: AbortSignal) {
  const query = { ...(dateStart ? { date_start: dateStart } : {}), ...(dateEnd ? { date_end: dateEnd } : {}) }
  return call(billingRoutes.getAuditLog, { params: { slug }, query }, { signal })
}
export type AuditLogData = Awaited<ReturnType<typeof getAuditLog>>

export function useAuditLogQuery({ slug, dateStart, dateEnd }: Partial<AuditLogVariables>, { enabled = true, ...options }: QueryOptions<AuditLogData> = {}) {
  return useQuery({
    queryKey: auditKeys.log(slug, dateStart, dateEnd),
    queryFn: ({ signal }) => getAuditLog({ slug: slug!, dateStart, dateEnd }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
