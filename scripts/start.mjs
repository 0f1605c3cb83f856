#!/usr/bin/env node
// `npm start`: builds the production bundle when there is none or the sources changed since the
// last build, then serves it on PORT (default 3000). The mode (platform or self-hosted) is read
// at run time, so switching NEXT_PUBLIC_IS_PLATFORM never needs a rebuild.
import { spawn } from 'node:child_process'
import { buildIfNeeded, nextBin, root } from './build-if-needed.mjs'

if (process.env.SKIP_BUILD !== 'true') buildIfNeeded()

const port = process.env.PORT || '3000'
const mode = process.env.NEXT_PUBLIC_IS_PLATFORM === 'false' ? 'self-hosted' : 'platform'
// Self-hosted mode has no sign-in: listen on this machine only unless told otherwise.
const host = process.env.HOSTNAME || (mode === 'self-hosted' ? '127.0.0.1' : '0.0.0.0')
console.log(`Starting on http://localhost:${port} (${mode} mode)`)
const child = spawn(process.execPath, [nextBin, 'start', '-p', port, '-H', host], { cwd: root, stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
