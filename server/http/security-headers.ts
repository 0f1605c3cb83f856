/**
 * The security headers every answer carries (pages and API alike): the policy names the origins
 * the server's configuration chooses (a captcha provider, a docs backend), so they are made at
 * run time. Used by proxy.ts for what Next serves, and by the handler `npm start` serves the API with
 * beside Next (published-handler.ts).
 */
import { API_URL, CONFIGURED_GOTRUE_URL, IS_PRODUCTION } from '@/lib/client-config'
import { originOf, securityHeaders, widgetOriginsOf } from '@/lib/security-headers'
import type { ServerConfig } from '../config'

export function answerSecurityHeaders(config: ServerConfig): { key: string; value: string }[] {
  return securityHeaders({
    connectOrigins: [...originOf(API_URL), ...originOf(CONFIGURED_GOTRUE_URL), ...originOf(config.docsSearch.publicUrl)],
    widgetOrigins: widgetOriginsOf(config.captcha?.scriptUrl),
    development: !IS_PRODUCTION,
  })
}
