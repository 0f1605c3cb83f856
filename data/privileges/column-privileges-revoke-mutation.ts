import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { routes, type ColumnPrivilegesChangeBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { privilegeKeys } from './keys'

export type ColumnPrivilegesRevokeVariables = ColumnPrivilegesChangeBody & { projectRef: string }

/** Revokes privileges on columns from a role; answers the table's privileges as they are now. */
export async function revokeColumnPrivileges({ projectRef, ...body }: ColumnPrivilegesRevokeVariables) {
  return call(routes.revokeColumnPrivileges, { params: { ref: projectRef }, body })
}
export type ColumnPrivilegesRevokeData = Awaited<ReturnType<typeof revokeColumnPrivileges>>

export function useColumnPrivilegesRevokeMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<ColumnPrivilegesRevokeData, ColumnPrivilegesRevokeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeColumnPrivileges,
    async onSuccess(...args) {
      const [privileges, { projectRef, schema, table }] = args
      // The answer is the table's listing: shown at once, then every listing of the project is refreshed.
      queryClient.setQueryData(privilegeKeys.table(projectRef, schema, table), privileges)
      await queryClient.invalidateQueries({ queryKey: privilegeKeys.all(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to revoke privileges: ${args[0].message}`)
    },
    ...options,
  })
}
