import { defineConfig } from 'vitest/config'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sharedModuleFiles } from './tests/shared-module-files.mjs'

const root = path.dirname(fileURLToPath(import.meta.url))

/**
 * API test files that must have modules of their own: one mocks a library the platform imports
 * (the mock must be in place before the platform's modules load), one loads a second copy of a
 * module on purpose.
 */
const NEEDS_OWN_MODULES = ['tests/api/brute-force.test.ts', 'tests/api/billing-egress-bundles.test.ts']

/** Unit files with no page and no module mocks: they run on modules loaded once per worker. */
const SHARED_MODULES = sharedModuleFiles(root)
const UNIT_EXCLUDE = ['node_modules/**', '.next/**', 'e2e/**', 'bench/**', '.data/**', 'tests/api/**', '**/*.platform.test.ts']

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    globals: true,
    exclude: ['node_modules/**', '.next/**', 'e2e/**', 'bench/**', '.data/**'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          // `*.platform.test.ts` beside a feature: a suite that needs the run's server too.
          include: ['tests/api/**/*.test.ts', '**/*.platform.test.ts'],
          exclude: [...NEEDS_OWN_MODULES],
          // The API suites import the whole platform (about 2 s a file); a worker imports it once
          // and runs file after file on it. Each file still starts platforms of its own, and spies
          // are put back after every test so that none reaches the next file.
          isolate: false,
          restoreMocks: true,
          globalSetup: ['tests/global-engine.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'api-own-modules', include: NEEDS_OWN_MODULES, globalSetup: ['tests/global-engine.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          // Threads start faster than processes; the API suites keep processes (they start and
          // stop servers and change the environment of their process).
          pool: 'threads',
          // Every other test file anywhere is found: a new folder is never silently left out.
          include: ['**/*.test.{ts,tsx,mjs}'],
          exclude: [...UNIT_EXCLUDE, ...SHARED_MODULES],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          pool: 'threads',
          include: SHARED_MODULES,
          exclude: UNIT_EXCLUDE,
          isolate: false,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
    ],
  },
})
