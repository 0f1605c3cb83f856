import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { privilegeRoutes } from '@/lib/api-types/browser/privileges.routes'
import type { ColumnPrivilegesChangeBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { privilegeKeys } from './keys'

export type ColumnPrivilegesChangeVariables = ColumnPrivilegesChangeBody & { projectRef: string; kind: 'grant' | 'revoke' }

/** Grants privileges on columns to a role, or revokes them; answers the table's privileges as they are now. */
export async function changeColumnPrivileges({ projectRef, kind, ...body }: ColumnPrivilegesChangeVariables) {
  const route = kind === 'grant' ? privilegeRoutes.grantColumnPrivileges : privilegeRoutes.revokeColumnPrivileges
  return call(route, { params: { ref: projectRef }, body })
}
export type ColumnPrivilegesChangeData = Awaited<ReturnType<typeof changeColumnPrivileges>>

export function useColumnPrivilegesChangeMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<ColumnPrivilegesChangeData, ColumnPrivilegesChangeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeColumnPrivileges,
    async onSuccess(...args) {
      const [privileges, { projectRef, schema, table }] = args
      // The answer is the table's listing: shown at once, then every listing of the project is refreshed.
      queryClient.setQueryData(privilegeKeys.table(projectRef, schema, table), privileges)
      await queryClient.invalidateQueries({ queryKey: privilegeKeys.all(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to ${args[1].kind} privileges: ${args[0].message}`)
    },
    ...options,
  })
}
