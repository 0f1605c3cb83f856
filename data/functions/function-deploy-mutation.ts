import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { functionKeys } from './keys'

export type FunctionDeployVariables = {
  projectRef: string
  slug: string
  files: { name: string; content: string }[]
  entrypointPath: string
  /** Unset on a redeploy: the function keeps its own. */
  verifyJwt?: boolean
}

/** Deploys the files as the next version (the platform starts them first: Deno's error when they do not start). */
export async function deployFunction({ projectRef, slug, files, entrypointPath, verifyJwt }: FunctionDeployVariables) {
  const form = new FormData()
  form.append('metadata', JSON.stringify({ entrypoint_path: entrypointPath, ...(verifyJwt === undefined ? {} : { verify_jwt: verifyJwt }) }))
  for (const file of files) form.append('file', new Blob([file.content], { type: 'application/typescript' }), file.name)
  return call(functionRoutes.deployFunction, { params: { ref: projectRef }, query: { slug } }, { form })
}
export type FunctionDeployData = Awaited<ReturnType<typeof deployFunction>>

export function useFunctionDeployMutation({ onSuccess, onError, ...options }: MutationOptions<FunctionDeployData, FunctionDeployVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deployFunction,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: functionKeys.all(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not deploy the function: ${args[0].message}`)
    },
    ...options,
  })
}
