import type { siteRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const siteExamples: Examples<typeof siteRoutes> = {
  listTestimonials: { path: () => '/site/testimonials' },
}
