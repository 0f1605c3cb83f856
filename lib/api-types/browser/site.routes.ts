// Generated from ../site.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { siteRoutes as declaredSiteRoutes } from '../site.routes'
import { browserRoutes } from './browser-route'

export const siteRoutes = browserRoutes<typeof declaredSiteRoutes>({
  listTestimonials: ['GET', '/site/testimonials', 'public'],
})
