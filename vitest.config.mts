import { defineConfig } from 'vitest/config'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    globals: true,
    // Every test file anywhere is found: a new folder is never silently left out.
    include: ['**/*.test.{ts,tsx,mjs}'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**', 'bench/**', '.data/**'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-engine.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
})
