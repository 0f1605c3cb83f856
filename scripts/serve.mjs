#!/usr/bin/env node
// The production server `npm start` runs: one Node HTTP server that hands the platform's own
// requests (/api, /auth/v1, a project's /p/{ref}/rest|auth/v1) straight to the platform's handler
// (server/http/handler.ts, the code the API tests run) and everything else to Next. The API so
// skips Next's request pipeline (its proxy, rewrites and route resolution) — a few milliseconds
// on every call. `next start` alone still serves the whole product through pages/api.
//
// The platform's TypeScript is loaded with jiti (transpiled once, then cached under
// node_modules/.cache/jiti, or beside the data when node_modules is read-only: jiti-cache.mjs);
// the platform itself is one per process (server/platform.ts keeps it on globalThis), shared
// with Next's instrumentation hook and API route. Should loading fail, Next serves the API as
// with `next start`, and the reason is logged.
//
// Environment: PORT, and LISTEN_HOST as scripts/start.mjs resolved it (passed as SERVE_HOST).
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import next from 'next'
import { createJiti } from 'jiti'
import { isPlatformPath } from './platform-paths.mjs'
import { jitiCacheDir } from './jiti-cache.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const host = process.env.SERVE_HOST || '127.0.0.1'
const port = Number(process.env.PORT || '3000')

async function loadPlatformHandler() {
  try {
    const jiti = createJiti(import.meta.url, { alias: { '@': root }, moduleCache: true, fsCache: jitiCacheDir(root) })
    const [{ handleNodeRequest }, { getPlatform }, { readConfig }, { answerSecurityHeaders }] = await Promise.all([
      jiti.import(path.join(root, 'server/http/handler.ts')),
      jiti.import(path.join(root, 'server/platform.ts')),
      jiti.import(path.join(root, 'server/config.ts')),
      jiti.import(path.join(root, 'server/http/security-headers.ts')),
    ])
    const headers = answerSecurityHeaders(readConfig())
    return (req, res) => {
      for (const { key, value } of headers) res.setHeader(key, value)
      return handleNodeRequest(req, res, getPlatform())
    }
  } catch (error) {
    console.warn('The API is served through Next (slower): its handler could not be loaded beside it.', error)
    return null
  }
}

const app = next({ dev: false, dir: root, hostname: host, port })
const [platformHandler] = await Promise.all([loadPlatformHandler(), app.prepare()])
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
server.listen(port, host)
// As `next start` does: exit at once (the platform's engine is stopped by its exit handler).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
