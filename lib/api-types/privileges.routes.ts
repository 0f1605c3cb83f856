/** Column-level privileges of a project's database: roles × columns, grant and revoke. */
import { route } from './route'

void route
export const privilegeRoutes = {}
