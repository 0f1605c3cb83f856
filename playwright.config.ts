import { defineConfig } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs'

/**
 * Browser tests in Debian's Chromium against the production build (scripts/e2e.mjs builds it).
 * One app server per mode: platform, self-hosted (embedded), self-hosted on a PostgreSQL server
 * (when E2E_DATABASE_URL is given) and a platform whose browser answers some calls from MSW.
 */
export const PORTS = { platform: 3210, selfHosted: 3211, selfHostedPg: 3212, mocked: 3213 }

// The servers' DATA_DIRs: under the run's directory, which scripts/e2e.mjs removes once Playwright
// ended. Playwright loads this file in every worker too: the first load names the directory for
// all of them.
if (!process.env.E2E_RUN_DIR) {
  process.env.E2E_RUN_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'))
  // Run as root, the servers run PostgreSQL as an account of its own, which must pass through.
  fs.chmodSync(process.env.E2E_RUN_DIR, 0o755)
}
const dataDir = (name: string) => {
  const dir = path.join(process.env.E2E_RUN_DIR!, name)
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

/**
 * `npm start` (scripts/start.mjs: the API served beside Next) unless `plainNext`: then `next start`
 * alone, as self-hosters may run it, with the API through pages/api. Both are tested.
 */
const server = (port: number, env: Record<string, string>, { plainNext = false } = {}) => ({
  command: plainNext ? `node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1` : 'node scripts/start.mjs',
  url: `http://127.0.0.1:${port}/api/config`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // EMBEDDED_DB_PORT 0: each server's own PostgreSQL on a free port of its own (the Connect card shows which).
  env: { ...(process.env as Record<string, string>), SKIP_BUILD: 'true', PORT: String(port), LISTEN_HOST: '127.0.0.1', EMBEDDED_DB_PORT: '0', ...env },
})

const pgUrl = process.env.E2E_DATABASE_URL

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // Spec files of the platform and mocked projects sign up users of their own and run side by
  // side; the self-hosted specs share the one project of their server and run one after another.
  workers: 2,
  retries: 0,
  // A limit that catches a hang, not a speed check: in CI the browser tests run beside the
  // vitest suites on two cores, where a test can take four times as long as it does alone.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'platform', testMatch: /platform(\.[a-z-]+)?\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${PORTS.platform}` } },
    { name: 'self-hosted', testMatch: /self-hosted(\.[a-z-]+)?\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${PORTS.selfHosted}` } },
    { name: 'mocked', testMatch: /mocked\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${PORTS.mocked}` } },
  ],
  webServer: [
    // Usage sampled every 10 s (and on demand when older): the billing test sees the rows it inserted a moment ago.
    // Every spec signs a new user up from 127.0.0.1: more than the default 30 sign-ups an hour per
    // address (the limit itself is tested by tests/api/brute-force.test.ts).
    server(PORTS.platform, { DATA_DIR: dataDir('platform'), USAGE_SAMPLE_INTERVAL_MS: '10000', RATE_LIMIT_SIGN_UP: '1000' }),
    server(PORTS.selfHosted, { DATA_DIR: dataDir('self-hosted'), NEXT_PUBLIC_IS_PLATFORM: 'false' }, { plainNext: true }),
    ...(pgUrl ? [server(PORTS.selfHostedPg, { DATA_DIR: dataDir('self-hosted-pg'), NEXT_PUBLIC_IS_PLATFORM: 'false', DATABASE_URL: pgUrl })] : []),
    server(PORTS.mocked, { DATA_DIR: dataDir('mocked'), API_MOCKING: 'true' }),
  ],
})
