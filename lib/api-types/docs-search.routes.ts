/** The built-in docs backend: full-text and semantic search over the product's docs (SPEC §7). */
import { route } from './route'

void route
export const docsSearchRoutes = {}
