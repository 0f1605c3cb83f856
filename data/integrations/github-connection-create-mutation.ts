import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { integrationRoutes } from '@/lib/api-types/browser/integrations.routes'
import type { ConnectGithubBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { integrationKeys } from './keys'

export type GithubConnectionCreateVariables = ConnectGithubBody & { slug: string }

/** Hands the code the pop-up brought back to the platform, which exchanges it with GitHub. */
export async function createGithubConnection({ slug, ...body }: GithubConnectionCreateVariables) {
  return call(integrationRoutes.createGithubConnection, { params: { slug }, body })
}
export type GithubConnectionCreateData = Awaited<ReturnType<typeof createGithubConnection>>

export function useGithubConnectionCreateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<GithubConnectionCreateData, GithubConnectionCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGithubConnection,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: integrationKeys.githubConnections(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to connect GitHub: ${args[0].message}`)
    },
    ...options,
  })
}
