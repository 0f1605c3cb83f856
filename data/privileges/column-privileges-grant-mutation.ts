import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { routes, type ColumnPrivilegesChangeBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { privilegeKeys } from './keys'

export type ColumnPrivilegesGrantVariables = ColumnPrivilegesChangeBody & { projectRef: string }

/** Grants privileges on columns to a role; answers the table's privileges as they are now. */
export async function grantColumnPrivileges({ projectRef, ...body }: ColumnPrivilegesGrantVariables) {
  return call(routes.grantColumnPrivileges, { params: { ref: projectRef }, body })
}
export type ColumnPrivilegesGrantData = Awaited<ReturnType<typeof grantColumnPrivileges>>

export function useColumnPrivilegesGrantMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<ColumnPrivilegesGrantData, ColumnPrivilegesGrantVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: grantColumnPrivileges,
    async onSuccess(...args) {
      const [privileges, { projectRef, schema, table }] = args
      // The answer is the table's listing: shown at once, then every listing of the project is refreshed.
      queryClient.setQueryData(privilegeKeys.table(projectRef, schema, table), privileges)
      await queryClient.invalidateQueries({ queryKey: privilegeKeys.all(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to grant privileges: ${args[0].message}`)
    },
    ...options,
  })
}
