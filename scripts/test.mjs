#!/usr/bin/env node
// `npm test`: the type check and the linter, unit, component and API tests (vitest), then the
// browser suite (Playwright in Debian's Chromium against a production build). Ends with one line
// `N passed, N failed, N skipped` summed over every suite (the type check and the linter count as
// one test each). With CI=true nothing may be skipped for want of Chromium or PostgreSQL.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'test-results')
fs.mkdirSync(outDir, { recursive: true })
const isCI = process.env.CI === 'true'
const totals = { passed: 0, failed: 0, skipped: 0 }
let exitCode = 0

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) exitCode = 1
  return result.status
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

// 1. Checks that must stay at zero: a type error or a lint finding (warnings included) fails.
for (const [label, args] of [
  ['type check (tsc --noEmit)', [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', root]],
  ['lint (eslint)', [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings', '0', root]],
]) {
  if (run(label, process.execPath, args) === 0) totals.passed += 1
  else totals.failed += 1
}

// 2. vitest
const vitestJson = path.join(outDir, 'vitest.json')
fs.rmSync(vitestJson, { force: true })
run('unit, component and API tests (vitest)', process.execPath, [
  path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
])
const vitest = readJson(vitestJson)
if (vitest) {
  totals.passed += vitest.numPassedTests
  totals.failed += vitest.numFailedTests
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
} else {
  console.error('vitest wrote no results')
  totals.failed += 1
  exitCode = 1
}

// 3. Playwright
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (process.env.SKIP_E2E === 'true' && !isCI) {
  console.log('\nSKIP_E2E=true: browser tests skipped')
} else if (!fs.existsSync(chromium)) {
  if (isCI) {
    console.error(`\nChromium is required in CI (${chromium} missing): apt-get install -y chromium`)
    totals.failed += 1
    exitCode = 1
  } else console.log(`\nNo Chromium at ${chromium}: browser tests skipped (apt-get install -y chromium)`)
} else {
  const pwJson = path.join(outDir, 'playwright.json')
  fs.rmSync(pwJson, { force: true })
  run('browser tests (Playwright)', process.execPath, [path.join(root, 'scripts', 'e2e.mjs')], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson })
  const pw = readJson(pwJson)
  if (pw?.stats) {
    totals.passed += pw.stats.expected + (pw.stats.flaky ?? 0)
    // A run that could not start (a server that did not come up, a port in use) has no failed
    // test but errors of its own: each counts, so the last line never says 0 failed for it.
    totals.failed += pw.stats.unexpected + (pw.errors?.length ?? 0)
    totals.skipped += pw.stats.skipped
  } else {
    console.error('Playwright wrote no results')
    totals.failed += 1
    exitCode = 1
  }
}

if (totals.failed > 0) exitCode = 1
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(exitCode)
