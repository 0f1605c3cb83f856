import type { QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query'
import type { ResponseError } from './fetchers'

// Every query and mutation of the dashboard fails with a ResponseError (data/fetchers.ts).
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ResponseError
  }
}

/** React Query options a `useXQuery` hook passes through (everything but the key and the fetch). */
export type QueryOptions<TData, TSelected = TData> = Omit<UseQueryOptions<TData, ResponseError, TSelected, QueryKey>, 'queryKey' | 'queryFn'>

/** React Query options a `useXMutation` hook passes through (everything but the fetch). */
export type MutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, ResponseError, TVariables>, 'mutationFn'>
