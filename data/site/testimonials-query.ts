import { useQuery } from '@tanstack/react-query'
import { routes } from '@/lib/api-types'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { siteKeys } from './keys'

export async function getTestimonials(signal?: AbortSignal) {
  return call(routes.listTestimonials, {}, { signal })
}
export type TestimonialsData = Awaited<ReturnType<typeof getTestimonials>>

/** The sign-in page's testimonials (public: no session needed). */
export function useTestimonialsQuery(options: QueryOptions<TestimonialsData> = {}) {
  return useQuery({ queryKey: siteKeys.testimonials(), queryFn: ({ signal }) => getTestimonials(signal), ...options })
}
