/** Operator-edited content of public pages (sign-in testimonials). */
import { route } from './route'

void route
export const siteRoutes = {}
