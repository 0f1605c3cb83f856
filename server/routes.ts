/**
 * The handlers of the route table (lib/api-types/routes.ts): one per declared route, checked by
 * the compiler both ways, kept beside their domain (`*.handlers.ts`). A handler gets the caller,
 * checked input and, for scoped routes, the organization or project the roles policy allowed: it
 * never authenticates or validates itself.
 */
import { PRODUCT_NAME } from '@/lib/constants'
import { routes, type AnyRoute, type Routes, type serviceRoutes } from '@/lib/api-types'
import { Router } from './http/router'
import type { HandlerContext, Handlers } from './kernel/handler-types'
import { authHandlers } from './auth/auth.handlers'
import { profileHandlers } from './profile/profile.handlers'
import { organizationHandlers } from './orgs/organizations.handlers'
import { projectHandlers } from './projects/projects.handlers'
import { sqlHandlers } from './sql/sql.handlers'
import { passkeyHandlers } from './auth/passkeys.handlers'
import { contentHandlers } from './content/content.handlers'
import { aiHandlers } from './ai/ai.handlers'
import { telemetryHandlers } from './telemetry/telemetry.handlers'
import { flagHandlers } from './flags/flags.handlers'
import { sdkKeyForBrowser } from './flags/sdk-key'
import { docsSearchHandlers } from './docs/docs-search.handlers'
import { privilegeHandlers } from './privileges/privileges.handlers'
import { siteHandlers } from './site/site.handlers'
import { integrationHandlers } from './integrations/integrations.handlers'
import { billingHandlers } from './billing/billing.handlers'
import { connectionHandlers } from './connection/connection.handlers'
import { supportHandlers } from './support/support.handlers'
import { extensionHandlers } from './extensions/extensions.handlers'
import { graphqlHandlers } from './graphql/graphql.handlers'
import { logHandlers } from './logs/logs.handlers'
import { dataApiHandlers } from './data-api/data-api.handlers'
import { backupHandlers } from './backups/backups.handlers'
import { projectAuthHandlers } from './project-auth/project-auth.handlers'
import { storageHandlers } from './storage/dashboard.handlers'
import { realtimeHandlers } from './realtime/dashboard.handlers'
import { functionHandlers } from './functions/management.handlers'
import { accessTokenHandlers } from './profile/access-tokens.handlers'
import { transferHandlers } from './projects/transfer.handlers'
import { serviceVersionHandlers } from './projects/service-versions'
import { computeHandlers } from './projects/compute.handlers'

const serviceHandlers: Handlers<typeof serviceRoutes> = {
  getConfig: async ({ platform }) => ({
    isPlatform: platform.config.isPlatform,
    productName: PRODUCT_NAME,
    authUrl: '/auth/v1',
    apiMocking: platform.config.apiMocking,
    featureFlagsSdkKey: await sdkKeyForBrowser(platform),
    flyNoticeEmailDomains: platform.config.flags.flyNoticeEmailDomains,
    captcha: platform.config.captcha && { siteKey: platform.config.captcha.siteKey, scriptUrl: platform.config.captcha.scriptUrl },
    docsSearchUrl: platform.config.docsSearch.publicUrl,
  }),
  getUtcTime: async () => ({ utcTime: new Date().toISOString() }),
}

const handlers: Handlers<Routes> = {
  ...serviceHandlers,
  ...authHandlers,
  ...profileHandlers,
  ...organizationHandlers,
  ...projectHandlers,
  ...sqlHandlers,
  ...passkeyHandlers,
  ...contentHandlers,
  ...aiHandlers,
  ...telemetryHandlers,
  ...flagHandlers,
  ...docsSearchHandlers,
  ...privilegeHandlers,
  ...siteHandlers,
  ...integrationHandlers,
  ...billingHandlers,
  ...connectionHandlers,
  ...extensionHandlers,
  ...graphqlHandlers,
  ...logHandlers,
  ...supportHandlers,
  ...dataApiHandlers,
  ...backupHandlers,
  ...projectAuthHandlers,
  ...storageHandlers,
  ...realtimeHandlers,
  ...functionHandlers,
  ...accessTokenHandlers,
  ...transferHandlers,
  ...serviceVersionHandlers,
  ...computeHandlers,
}

export type AnyHandler = (ctx: HandlerContext<AnyRoute>) => Promise<unknown>

export const router = new Router<AnyHandler>()
for (const name of Object.keys(routes) as (keyof Routes)[]) router.add(routes[name], handlers[name] as unknown as AnyHandler)
