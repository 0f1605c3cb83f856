import { defineConfig } from 'vitest/config'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    globals: true,
    include: ['lib/**/*.test.ts', 'workers/**/*.test.ts', 'tests/**/*.test.{ts,tsx}', 'components/**/*.test.{ts,tsx}', 'data/**/*.test.ts', 'state/**/*.test.ts', 'server/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
})
