/** Source-code hosting app connections of an organization (install / authorize in a pop-up). */
import { route } from './route'

void route
export const integrationRoutes = {}
