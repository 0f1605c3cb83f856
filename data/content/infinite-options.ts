import type { InfiniteData, QueryKey, UseInfiniteQueryOptions } from '@tanstack/react-query'
import type { ResponseError } from '../fetchers'

/** React Query options a paged `useXQuery` hook passes through (everything but the key, the fetch and the paging). */
export type InfiniteQueryOptions<TPage> = Omit<
  UseInfiniteQueryOptions<TPage, ResponseError, InfiniteData<TPage, string | undefined>, QueryKey, string | undefined>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>
