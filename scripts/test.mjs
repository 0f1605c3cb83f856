#!/usr/bin/env node
// `npm test`: the type check, the linter and the import-cycle check while the production build is
// made, then side by side the unit, component and API tests (vitest) and the browser suite
// (Playwright in Debian's Chromium against that build).
// Ends with one line `N passed, N failed, N skipped` summed over every suite (the type check, the
// linter and the cycle check count as one test each). With CI=true nothing may be skipped for want of Chromium or PostgreSQL. Before
// that line it prints how long each phase took and the total.
//
// `npm test -- lint vitest` runs only the phases named (typecheck, lint, cycles, vitest, e2e), e.g. to
// time one of them; the last line then counts only those.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { needsBuild, nextBin } from './build-if-needed.mjs'
import { CHROMIUM_PATH } from './chromium.mjs'
import { phaseTable } from './phase-times.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'test-results')
fs.mkdirSync(outDir, { recursive: true })
const isCI = process.env.CI === 'true'
const totals = { passed: 0, failed: 0, skipped: 0 }
let exitCode = 0
const startedAt = performance.now()
const phases = []

const PHASES = ['typecheck', 'lint', 'cycles', 'vitest', 'e2e']
const requested = process.argv.slice(2)
const unknown = requested.filter((name) => !PHASES.includes(name))
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(', ')}: the phases are ${PHASES.join(', ')}`)
  process.exit(2)
}
const wanted = (name) => requested.length === 0 || requested.includes(name)

/** Runs a phase, its output on this terminal. Asynchronous, so that a phase running beside it is timed when it ends. */
async function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`)
  const started = performance.now()
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)))
  phases.push({ label, ms: performance.now() - started, ok: status === 0 })
  if (status !== 0) exitCode = 1
  return status
}

/**
 * Starts a phase in the background, its output kept in a file so that it does not mix with the
 * phases running meanwhile. Answers a promise of its exit status and of a function that prints
 * the output in one piece; the phase is timed as the others are.
 */
function runBeside(label, command, args, env = {}, besideWhat = 'the checks') {
  const started = performance.now()
  const logFile = path.join(outDir, `${label.replace(/\W+/g, '-')}.log`)
  const log = fs.openSync(logFile, 'w')
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', log, log], env: { ...process.env, ...env } })
  fs.closeSync(log)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      phases.push({ label, ms: performance.now() - started, ok: code === 0 })
      if (code !== 0) exitCode = 1
      resolve({ code, print: () => process.stdout.write(`\n=== ${label} (ran beside ${besideWhat}) ===\n${fs.readFileSync(logFile, 'utf8')}`) })
    })
  })
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const chromium = CHROMIUM_PATH
const e2eSkipped = process.env.SKIP_E2E === 'true' && !isCI
const e2eRuns = wanted('e2e') && !e2eSkipped && fs.existsSync(chromium)

// The browser tests need a production build: it is made while the checks run (tsc and ESLint use
// one core each, the build what is left).
// When the type check runs beside it, the build skips its own (the same tsconfig, checked twice).
const buildEnv = { NODE_ENV: 'production', ...(wanted('typecheck') && { SKIP_BUILD_TYPECHECK: 'true' }) }
const build = e2eRuns && needsBuild() ? runBeside('production build (next build)', process.execPath, [nextBin, 'build'], buildEnv) : Promise.resolve({ code: 0, print: () => {} })

// 1. Checks that must stay at zero: a type error, a lint finding (warnings included) or an import
// cycle fails.
for (const [name, label, args] of [
  ['typecheck', 'type check (tsc --noEmit)', [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', root]],
  // The cache keeps each file's findings until its content changes (every rule looks at one file).
  ['lint', 'lint (eslint)', [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(root, 'node_modules', '.cache', 'eslint') + path.sep, root]],
  ['cycles', 'import cycles (dependency-cruiser)', [path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'), '.', '--config', path.join(root, 'dependency-cruiser.config.mjs')]],
]) {
  if (!wanted(name)) continue
  if ((await run(label, process.execPath, args)) === 0) totals.passed += 1
  else totals.failed += 1
}

// 2. vitest and 3. Playwright run side by side: each leaves the machine partly idle (waits on
// servers, timers and the browser), together they keep both cores busy. vitest's output shows as
// it comes; the browser tests' is printed when they end.
async function vitestPhase() {
  const vitestJson = path.join(outDir, 'vitest.json')
  fs.rmSync(vitestJson, { force: true })
  await run('unit, component and API tests (vitest)', process.execPath, [
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
}

async function e2ePhase() {
  const builtWith = await build
  builtWith.print()
  if (!wanted('e2e')) return
  if (e2eSkipped) return console.log('\nSKIP_E2E=true: browser tests skipped')
  if (!fs.existsSync(chromium)) {
    if (isCI) {
      console.error(`\nChromium is required in CI (${chromium} missing): apt-get install -y chromium`)
      totals.failed += 1
      exitCode = 1
    } else console.log(`\nNo Chromium at ${chromium}: browser tests skipped (apt-get install -y chromium)`)
    return
  }
  // The build is a phase of its own so that the time table tells it from the specs; without it
  // no spec can run.
  if (builtWith.code !== 0) {
    totals.failed += 1
    return
  }
  const pwJson = path.join(outDir, 'playwright.json')
  fs.rmSync(pwJson, { force: true })
  const e2e = await runBeside('browser tests (Playwright)', process.execPath, [path.join(root, 'scripts', 'e2e.mjs')], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson }, 'vitest')
  e2eOutput = e2e.print
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

let e2eOutput = () => {}
await Promise.all([wanted('vitest') ? vitestPhase() : Promise.resolve(), e2ePhase()])
e2eOutput()

if (totals.failed > 0) exitCode = 1
console.log('\n=== times ===')
for (const line of phaseTable(phases, performance.now() - startedAt)) console.log(line)
// CI reads this line: it stays the last one.
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(exitCode)
