/** Operator-edited content of public pages (sign-in testimonials). */
import { route } from './route'
import { testimonialList } from './site'

export const siteRoutes = {
  /** Public: the sign-in page shows them before anyone is signed in. An invalid file answers []. */
  listTestimonials: route({ method: 'GET', path: '/site/testimonials', auth: 'public', answer: testimonialList }),
}
