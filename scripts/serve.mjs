#!/usr/bin/env node
// The production server `npm start` runs: one Node HTTP server that hands the platform's own
// requests (/api, /auth/v1, a project's /p/{ref}/rest|auth/v1) straight to the platform's handler
// (server/http/handler.ts, the code the API tests run) and everything else to Next. The API so
// skips Next's request pipeline (its proxy, rewrites and route resolution) — a few milliseconds
// on every call. `next start` alone still serves the whole product through pages/api.
//
// The platform's handler is the one Next compiled: its instrumentation hook (instrumentation.ts),
// run here at start-up, publishes it on globalThis, so this server loads no second copy of the
// platform's code. The platform itself is one per process (server/platform.ts keeps it on
// globalThis). Should the handler be missing, Next serves the API as with `next start`, and the
// reason is logged. WebSocket handshakes of a project's services (realtime) go to the platform's
// upgrade handler, published beside it.
//
// Environment: PORT, and LISTEN_HOST as scripts/start.mjs resolved it (passed as SERVE_HOST).
import http from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import next from 'next'
import { isPlatformPath } from './platform-paths.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const host = process.env.SERVE_HOST || '127.0.0.1'
const port = Number(process.env.PORT || '3000')

/** The keys server/http/published-handler.ts publishes the handlers under. */
const PLATFORM_HANDLER_KEY = Symbol.for('supaboard.platformHandler')
const PLATFORM_UPGRADE_KEY = Symbol.for('supaboard.platformUpgrade')

/**
 * In production Next runs the instrumentation hook at its first request only; here it runs at
 * start-up, from the build, so that the platform starts at once and the API has its handler.
 * When Next later runs it again, the platform is already there (getPlatform is one per process).
 */
async function registerInstrumentation() {
  try {
    const { register } = createRequire(import.meta.url)(path.join(root, '.next', 'server', 'instrumentation.js'))
    await register()
  } catch (error) {
    console.warn('The instrumentation hook failed at start-up:', error)
  }
}

const app = next({ dev: false, dir: root, hostname: host, port })
await Promise.all([app.prepare(), registerInstrumentation()])
const platformHandler = globalThis[PLATFORM_HANDLER_KEY] ?? null
const platformUpgrade = globalThis[PLATFORM_UPGRADE_KEY] ?? null
if (!platformHandler) console.warn('The API is served through Next (slower): the platform handler was not published (the log above says why).')
const nextHandler = app.getRequestHandler()

const server = http.createServer((req, res) => {
  if (platformHandler && isPlatformPath(req.url ?? '/')) {
    Promise.resolve(platformHandler(req, res)).catch((error) => {
      console.error('Request failed:', error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ code: 500, message: 'An error has occurred: the server failed to answer.' }))
    })
    return
  }
  nextHandler(req, res)
})
// A client has 10 s to send its request's headers (Node's own default is a minute); each body has
// its own deadline (REQUEST_BODY_TIMEOUT_MS, server/http/guards.ts).
server.headersTimeout = 10_000
// WebSockets: a project's realtime socket (/p/{ref}/realtime/v1/websocket) goes to the platform.
// Next adds an 'upgrade' listener of its own to this server at its first request (for rewrites
// to other hosts), which closes a handshake it does not know: it is put behind a guard that
// keeps the platform's paths from it.
let nextUpgrades = false
const onUpgrade = (req, socket, head) => {
  if (!isPlatformPath(req.url ?? '/')) {
    if (!nextUpgrades) socket.destroy()
    return
  }
  if (!platformUpgrade) return socket.destroy()
  Promise.resolve(platformUpgrade(req, socket, head)).catch((error) => {
    console.error('WebSocket handshake failed:', error)
    socket.destroy()
  })
}
const guarded = new WeakSet()
server.on('newListener', (event, listener) => {
  if (event !== 'upgrade' || listener === onUpgrade || guarded.has(listener)) return
  // Called before the listener is added: it is swapped for its guarded form right after.
  queueMicrotask(() => {
    server.off('upgrade', listener)
    const guard = (req, socket, head) => {
      if (!isPlatformPath(req.url ?? '/')) listener(req, socket, head)
    }
    guarded.add(guard)
    nextUpgrades = true
    server.on('upgrade', guard)
  })
})
server.on('upgrade', onUpgrade)
server.listen(port, host)
// As `next start` does: exit at once (the platform's engine is stopped by its exit handler).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
