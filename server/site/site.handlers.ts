import type { siteRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { readTestimonials } from './testimonials'

export const siteHandlers: Handlers<typeof siteRoutes> = {
  listTestimonials: ({ platform }) => readTestimonials(platform.config.site.testimonialsFile),
}
