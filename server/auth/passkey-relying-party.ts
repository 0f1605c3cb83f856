/**
 * The relying party a passkey belongs to: the site's host name (RP ID) and the page origin its
 * ceremonies must come from. SITE_URL decides when it is set, so that every app copy and every
 * route to it agree; otherwise the page that asks (its Origin header), as long as the platform
 * answers to that host name. A browser only makes or uses a passkey for the host it is on, so a
 * passkey made on one host name does not sign in on another.
 */
import type { IncomingMessage } from 'node:http'
import { PRODUCT_NAME } from '@/lib/constants'
import type { Platform } from '../kernel/platform'
import { isAllowedHost } from '../http/guards'
import { authError } from './gotrue-errors'

export type RelyingParty = { id: string; name: string; origin: string }

const refuse = (why: string) => authError(400, 'validation_failed', why)

/** Browsers refuse an IP address as RP ID: say so here rather than leave a bare browser error. */
const isIpAddress = (host: string) => host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)

export function relyingParty(platform: Platform, req: IncomingMessage): RelyingParty {
  const site = platform.config.siteUrl
  if (site) {
    const url = new URL(site)
    return { id: url.hostname, name: PRODUCT_NAME, origin: url.origin }
  }
  const header = req.headers.origin
  if (typeof header !== 'string' || header === 'null')
    throw refuse('Passkeys need the page they are used on: call from a browser (it sends an Origin header), or set SITE_URL on the server.')
  let url: URL
  try {
    url = new URL(header)
  } catch {
    throw refuse('The Origin header is not a valid origin.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('Passkeys work on http(s) pages only.')
  if (!isAllowedHost(url.host, platform.config.allowedHosts))
    throw refuse(`Passkeys cannot be used from ${url.hostname}: add it to ALLOWED_HOSTS, or set SITE_URL to the dashboard's address.`)
  if (isIpAddress(url.hostname)) throw refuse('Passkeys need a host name, not an IP address: open the dashboard at its name, or set SITE_URL.')
  return { id: url.hostname, name: PRODUCT_NAME, origin: url.origin }
}
