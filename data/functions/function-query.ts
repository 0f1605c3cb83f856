import { useQuery } from '@tanstack/react-query'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { functionKeys } from './keys'

/** One function: its version, verify_jwt, entrypoint. */
export async function getFunction({ projectRef, slug }: { projectRef: string; slug: string }, signal?: AbortSignal) {
  return call(functionRoutes.getFunction, { params: { ref: projectRef, slug } }, { signal })
}
export type FunctionData = Awaited<ReturnType<typeof getFunction>>

export function useFunctionQuery({ projectRef, slug }: { projectRef?: string; slug?: string }, { enabled = true, ...options }: QueryOptions<FunctionData> = {}) {
  return useQuery({
    queryKey: functionKeys.detail(projectRef, slug),
    queryFn: ({ signal }) => getFunction({ projectRef: projectRef!, slug: slug! }, signal),
    enabled: enabled !== false && projectRef !== undefined && slug !== undefined,
    ...options,
  })
}

/** The current version's files, as text. */
export async function getFunctionBody({ projectRef, slug }: { projectRef: string; slug: string }, signal?: AbortSignal) {
  return call(functionRoutes.getFunctionBody, { params: { ref: projectRef, slug } }, { signal })
}
export type FunctionBodyData = Awaited<ReturnType<typeof getFunctionBody>>

export function useFunctionBodyQuery({ projectRef, slug }: { projectRef?: string; slug?: string }, { enabled = true, ...options }: QueryOptions<FunctionBodyData> = {}) {
  return useQuery({
    queryKey: functionKeys.body(projectRef, slug),
    queryFn: ({ signal }) => getFunctionBody({ projectRef: projectRef!, slug: slug! }, signal),
    enabled: enabled !== false && projectRef !== undefined && slug !== undefined,
    ...options,
  })
}
