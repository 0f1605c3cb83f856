#!/usr/bin/env node
// Browser tests: a production build, a throwaway PostgreSQL for the self-hosted-with-server
// scenario, then Playwright (its config starts the app servers, their DATA_DIRs under
// E2E_RUN_DIR, removed once Playwright ended: about a gigabyte each).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIfNeeded, root } from './build-if-needed.mjs'
import { findPgBin, startCluster } from './pg-cluster.mjs'

buildIfNeeded()

let cluster = null
if (findPgBin()) cluster = await startCluster()
else if (process.env.CI === 'true') {
  console.error('PostgreSQL server binaries are required in CI')
  process.exit(1)
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'))
// Run as root, the servers run PostgreSQL as an account of its own, which must pass through.
fs.chmodSync(runDir, 0o755)
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(root, 'test-results', 'playwright.json'),
      ...process.env,
      ...(cluster ? { E2E_DATABASE_URL: cluster.url } : {}),
      E2E_RUN_DIR: runDir,
    },
  }
)
await cluster?.stop()
fs.rmSync(runDir, { recursive: true, force: true })
process.exit(result.status ?? 1)
