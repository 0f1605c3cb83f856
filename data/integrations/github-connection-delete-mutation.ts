import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { integrationRoutes } from '@/lib/api-types/browser/integrations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { integrationKeys } from './keys'

export type GithubConnectionDeleteVariables = { slug: string; id: number }

export async function deleteGithubConnection({ slug, id }: GithubConnectionDeleteVariables) {
  return call(integrationRoutes.deleteGithubConnection, { params: { slug, id: String(id) } })
}
export type GithubConnectionDeleteData = Awaited<ReturnType<typeof deleteGithubConnection>>

export function useGithubConnectionDeleteMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<GithubConnectionDeleteData, GithubConnectionDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteGithubConnection,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: integrationKeys.githubConnections(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to disconnect GitHub: ${args[0].message}`)
    },
    ...options,
  })
}
