import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { realtimeRoutes } from '@/lib/api-types/browser/realtime.routes'
import type { RealtimeInspectorRole } from '@/lib/api-types/realtime'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

export type RealtimeInspectorTokenVariables = { projectRef: string; role: RealtimeInspectorRole; userId?: string }

/** What the inspector's socket acts as: the anon key, a user's token for an hour, or the service_role key. */
export async function createRealtimeInspectorToken({ projectRef, role, userId }: RealtimeInspectorTokenVariables) {
  return call(realtimeRoutes.createRealtimeInspectorToken, { params: { ref: projectRef }, body: { role, ...(userId ? { user_id: userId } : {}) } })
}
export type RealtimeInspectorTokenData = Awaited<ReturnType<typeof createRealtimeInspectorToken>>

export function useRealtimeInspectorTokenMutation({ onError, ...options }: MutationOptions<RealtimeInspectorTokenData, RealtimeInspectorTokenVariables> = {}) {
  return useMutation({
    mutationFn: createRealtimeInspectorToken,
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not join the channel: ${args[0].message}`)
    },
    ...options,
  })
}
