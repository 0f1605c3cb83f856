import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import { call, type ResponseError } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { telemetryKeys } from './keys'

/** Deletes everything recorded about the signed-in user. */
export async function deleteMyTelemetry() {
  return call(telemetryRoutes.deleteMyTelemetry)
}
export type MyTelemetryDeleteData = Awaited<ReturnType<typeof deleteMyTelemetry>>

export function useMyTelemetryDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<MyTelemetryDeleteData, void> = {}) {
  const queryClient = useQueryClient()
  return useMutation<MyTelemetryDeleteData, ResponseError, void>({
    mutationFn: () => deleteMyTelemetry(),
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: telemetryKeys.mine() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete your telemetry data: ${args[0].message}`)
    },
    ...options,
  })
}
