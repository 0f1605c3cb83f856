import { useQuery } from '@tanstack/react-query'
import { siteRoutes } from '@/lib/api-types/browser/site.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { siteKeys } from './keys'

export async function getTestimonials(signal?: AbortSignal) {
  return call(siteRoutes.listTestimonials, {}, { signal })
}
export type TestimonialsData = Awaited<ReturnType<typeof getTestimonials>>

/** The sign-in page's testimonials (public: no session needed). */
export function useTestimonialsQuery(options: QueryOptions<TestimonialsData> = {}) {
  return useQuery({ queryKey: siteKeys.testimonials(), queryFn: ({ signal }) => getTestimonials(signal), ...options })
}
