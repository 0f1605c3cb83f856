import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { extensionRoutes } from '@/lib/api-types/browser/extensions.routes'
import { databaseKeys } from '../database/keys'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { extensionKeys } from './keys'

export type ExtensionChangeVariables =
  | { projectRef: string; kind: 'enable'; name: string; schema?: string; cascade: boolean }
  | { projectRef: string; kind: 'disable'; name: string; cascade: boolean }

/** Enables or disables an extension; answers the extensions as they are now and the SQL that ran. */
export async function changeExtension(variables: ExtensionChangeVariables) {
  const params = { ref: variables.projectRef }
  if (variables.kind === 'enable')
    return call(extensionRoutes.enableExtension, { params, body: { name: variables.name, schema: variables.schema, cascade: variables.cascade } })
  return call(extensionRoutes.disableExtension, { params: { ...params, name: variables.name }, query: { cascade: variables.cascade ? 'true' : 'false' } })
}
export type ExtensionChangeData = Awaited<ReturnType<typeof changeExtension>>

export function useExtensionChangeMutation({ onSuccess, onError, ...options }: MutationOptions<ExtensionChangeData, ExtensionChangeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeExtension,
    async onSuccess(...args) {
      const [{ sql: _sql, ...listing }, { projectRef }] = args
      // The answer is the listing: shown at once. An extension brings types, functions and maybe a
      // schema, so every read of the project's database is refreshed too.
      queryClient.setQueryData(extensionKeys.list(projectRef), listing)
      await queryClient.invalidateQueries({ queryKey: databaseKeys.all(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to ${args[1].kind} ${args[1].name}: ${args[0].message}`)
    },
    ...options,
  })
}
