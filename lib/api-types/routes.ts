/**
 * Every endpoint of the built-in platform (paths below the API base; the auth service's below
 * /auth/v1), composed from one table per domain (`*.routes.ts`). docs/api.md describes each in
 * words. Adding a route without a handler, or a handler without a route, does not compile
 * (server/routes.ts).
 */
import { serviceRoutes } from './service.routes'
import { authRoutes } from './auth.routes'
import { profileRoutes } from './profile.routes'
import { organizationRoutes } from './organizations.routes'
import { projectRoutes } from './projects.routes'
import { sqlRoutes } from './sql.routes'
import { passkeyRoutes } from './passkeys.routes'
import { contentRoutes } from './content.routes'
import { aiRoutes } from './ai.routes'
import { telemetryRoutes } from './telemetry.routes'
import { supportRoutes } from './support.routes'
import { flagRoutes } from './flags.routes'
import { docsSearchRoutes } from './docs-search.routes'
import { privilegeRoutes } from './privileges.routes'
import { siteRoutes } from './site.routes'
import { integrationRoutes } from './integrations.routes'
import { billingRoutes } from './billing.routes'
import { connectionRoutes } from './connection.routes'
import { extensionRoutes } from './extensions.routes'
import { graphqlRoutes } from './graphql.routes'
import { logRoutes } from './logs.routes'
import { dataApiRoutes } from './data-api.routes'
import { backupRoutes } from './backups.routes'
import { projectAuthRoutes } from './project-auth.routes'
import { storageRoutes } from './storage.routes'
import { transferRoutes } from './transfer.routes'
import { serviceVersionRoutes } from './service-versions.routes'
import { computeRoutes } from './compute.routes'
import { realtimeRoutes } from './realtime.routes'
import { functionRoutes } from './functions.routes'
import { accessTokenRoutes } from './access-tokens.routes'

const tables = [serviceRoutes, authRoutes, profileRoutes, organizationRoutes, projectRoutes, sqlRoutes, passkeyRoutes, contentRoutes, aiRoutes, telemetryRoutes, flagRoutes, docsSearchRoutes, privilegeRoutes, siteRoutes, integrationRoutes, billingRoutes, connectionRoutes, extensionRoutes, graphqlRoutes, logRoutes, supportRoutes, dataApiRoutes, backupRoutes, projectAuthRoutes, transferRoutes, serviceVersionRoutes, computeRoutes, storageRoutes, realtimeRoutes, functionRoutes, accessTokenRoutes]

export const routes = {
  ...serviceRoutes,
  ...authRoutes,
  ...profileRoutes,
  ...organizationRoutes,
  ...projectRoutes,
  ...sqlRoutes,
  ...passkeyRoutes,
  ...contentRoutes,
  ...aiRoutes,
  ...telemetryRoutes,
  ...flagRoutes,
  ...docsSearchRoutes,
  ...privilegeRoutes,
  ...siteRoutes,
  ...integrationRoutes,
  ...billingRoutes,
  ...connectionRoutes,
  ...extensionRoutes,
  ...graphqlRoutes,
  ...logRoutes,
  ...supportRoutes,
  ...dataApiRoutes,
  ...backupRoutes,
  ...projectAuthRoutes,
  ...storageRoutes,
  ...transferRoutes,
  ...serviceVersionRoutes,
  ...computeRoutes,
  ...realtimeRoutes,
  ...functionRoutes,
  ...accessTokenRoutes,
}

// Two domains naming a route alike would silently keep only the last one.
const declared = tables.flatMap((table) => Object.keys(table))
if (new Set(declared).size !== declared.length) throw new Error(`Route names must be unique: ${declared.filter((n, i) => declared.indexOf(n) !== i).join(', ')}`)

export type Routes = typeof routes
export type RouteName = keyof Routes
