import { defineConfig } from 'vitest/config'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { moduleSharing } from './tests/shared-module-files.mjs'

const root = path.dirname(fileURLToPath(import.meta.url))

/**
 * Which files share a worker's loaded modules, read from the files themselves
 * (tests/shared-module-files.mjs): a file with a page or a module mock keeps modules of its own,
 * so a new one lands in the isolated project by itself.
 */
const SHARING = moduleSharing(root)
const UNIT_EXCLUDE = ['node_modules/**', '.next/**', 'e2e/**', 'bench/**', '.data/**', 'tests/api/**', '**/*.platform.test.ts', '**/*.servers.test.ts']

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    globals: true,
    exclude: ['node_modules/**', '.next/**', 'e2e/**', 'bench/**', '.data/**'],
    setupFiles: ['tests/setup.ts'],
    // Limits that catch a hang, not speed checks: in CI the suites run beside the browser tests on
    // two cores, where a test (or a hook starting platforms) can take four times as long as alone.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          // `*.platform.test.ts` beside a feature: a suite that needs the run's server too.
          // `*.servers.test.ts`: one that starts PostgreSQL servers of its own. It mostly waits on
          // them, as the API suites do, and runs among them (early, beside the browser tests)
          // rather than last among the unit files, where it was the run's tail.
          include: ['tests/api/**/*.test.ts', '**/*.platform.test.ts', '**/*.servers.test.ts'],
          exclude: SHARING.api.own,
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
        // API suites that mock a library the platform imports (the mock must be in place before the
        // platform's modules load) or load a second copy of a module on purpose.
        test: { name: 'api-own-modules', include: SHARING.api.own, globalSetup: ['tests/global-engine.ts'] },
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
          exclude: [...UNIT_EXCLUDE, ...SHARING.unit.shared, ...SHARING.page.shared],
        },
      },
      {
        extends: true,
        test: {
          // Files with a page and no module mock: the page and what is loaded stay for the next
          // file; tests/setup.ts clears what a file leaves behind.
          name: 'page-shared',
          pool: 'threads',
          include: SHARING.page.shared,
          exclude: UNIT_EXCLUDE,
          isolate: false,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          pool: 'threads',
          include: SHARING.unit.shared,
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
