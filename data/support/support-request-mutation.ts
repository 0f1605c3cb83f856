import { useMutation } from '@tanstack/react-query'
import { supportRoutes } from '@/lib/api-types/browser/support.routes'
import type { SupportRequestBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

/** Stores the request and mails it to support when the installation can; the answer says which. */
export async function createSupportRequest(body: SupportRequestBody) {
  return call(supportRoutes.createSupportRequest, { body })
}
export type SupportRequestData = Awaited<ReturnType<typeof createSupportRequest>>

/** No toast: the form shows the outcome (sent, stored only, or the error) beside the report. */
export function useSupportRequestMutation(options: MutationOptions<SupportRequestData, SupportRequestBody> = {}) {
  return useMutation({ mutationFn: createSupportRequest, ...options })
}
