/** Feature flags: the configuration the dashboard's flag client reads, and operators' edits. */
import { route } from './route'

void route
export const flagRoutes = {}
