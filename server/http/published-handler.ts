/**
 * The platform's request handler for `npm start`'s server (scripts/serve.mjs), which answers the
 * API beside Next without Next's request pipeline. The instrumentation hook publishes it on
 * globalThis from the platform code Next compiled, so the server beside Next loads no second copy
 * of that code at start-up (transpiling and resolving one at run time took about a second of
 * every start). Plain `next start` publishes it too and never reads it: its API goes through
 * pages/api, the same code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { readConfig } from '../config'
import { getPlatform } from '../platform'
import { handleNodeRequest } from './handler'
import { answerSecurityHeaders } from './security-headers'
import { handleProjectUpgrade } from '../gateway/upgrade'

/**
 * For the instrumentation hook, which starts the platform: one import, so the build gives that
 * entry one chunk of the platform's code (two imports gave it two). pages/api (plain
 * `next start`) imports it too, into a chunk of its own.
 */
export { getPlatform, handleNodeRequest }

/** The keys scripts/serve.mjs reads (it is plain JavaScript and writes them out itself). */
const PLATFORM_HANDLER_KEY = Symbol.for('supaboard.platformHandler')
const PLATFORM_UPGRADE_KEY = Symbol.for('supaboard.platformUpgrade')

type PlatformRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>

/** Puts the handler where serve.mjs finds it once Next is prepared. */
export function publishPlatformHandler(): void {
  const headers = answerSecurityHeaders(readConfig())
  const handler: PlatformRequestHandler = (req, res) => {
    for (const { key, value } of headers) res.setHeader(key, value)
    return handleNodeRequest(req, res, getPlatform())
  }
  ;(globalThis as Record<symbol, unknown>)[PLATFORM_HANDLER_KEY] = handler
  // WebSocket handshakes of a project's services (realtime): `next start` alone has none.
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => getPlatform().then((platform) => handleProjectUpgrade(platform, req, socket, head))
  ;(globalThis as Record<symbol, unknown>)[PLATFORM_UPGRADE_KEY] = upgrade
}
