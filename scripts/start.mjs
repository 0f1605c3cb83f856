#!/usr/bin/env node
// `npm start`: builds the production bundle when there is none or the sources changed since the
// last build, then serves it on LISTEN_HOST and PORT (default 3000) with scripts/serve.mjs: Next
// for the pages, the platform's handler directly for its API. The mode (platform or
// self-hosted) is read at run time, so switching NEXT_PUBLIC_IS_PLATFORM never needs a rebuild.
import { buildIfNeeded, root } from './build-if-needed.mjs'
import { listenAddress } from '../lib/listen-address.mjs'

// The address comes from LISTEN_HOST, never HOSTNAME (lib/listen-address.mjs says why); a
// self-hosted dashboard reachable from elsewhere without credentials does not start at all.
let address
try {
  address = listenAddress(process.env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const { mode, host, exposed, credentials } = address

if (process.env.SKIP_BUILD !== 'true') buildIfNeeded()

const port = process.env.PORT || '3000'
const guard = mode === 'self-hosted' && credentials ? ', every request needs DASHBOARD_USERNAME and DASHBOARD_PASSWORD' : ''
const shown = !exposed ? 'localhost' : host.includes(':') ? `[${host}]` : host
console.log(`Starting on http://${shown}:${port} (${mode} mode${guard})`)
// HOSTNAME stays out of the server's environment: nothing it runs may bind or link by it.
delete process.env.HOSTNAME
process.env.PORT = port
process.env.SERVE_HOST = host
// The server runs in this process (a second Node process cost every start its boot), from the
// app's folder, where the platform finds its migrations and documents.
process.chdir(root)
await import('./serve.mjs')
