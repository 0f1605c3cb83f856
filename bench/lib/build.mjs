// Builds the production bundle when scripts/build-if-needed.mjs says it is stale. Unlike that
// script it does not exit on failure, and when another `next build` holds the build lock (someone
// else's test run) it waits for that build and checks again instead of failing.
import { spawn } from 'node:child_process'
import { needsBuild, nextBin, root } from '../../scripts/build-if-needed.mjs'
import { onCleanup } from './cleanup.mjs'
import { log, sleep } from './util.mjs'

function runBuild() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] })
    const stop = onCleanup('stop next build', async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.on('exit', (code) => {
      stop() // nothing left to stop; marks the undo done
      resolve({ code, output })
    })
  })
}

/** Answers { built, ms }. Throws when the build fails for a reason other than the lock. */
export async function buildIfStale({ waitForOthersMs = 300_000 } = {}) {
  const started = performance.now()
  const deadline = Date.now() + waitForOthersMs
  let built = false
  while (needsBuild()) {
    log('building the dashboard (no build, or sources changed since the last one)…')
    const { code, output } = await runBuild()
    if (code === 0) {
      built = true
      break
    }
    if (/Another next build process is already running/i.test(output) && Date.now() < deadline) {
      log('another `next build` is running; waiting for it')
      await sleep(5000)
      continue
    }
    throw new Error(`next build failed (exit ${code}):\n${output.split('\n').slice(-40).join('\n')}`)
  }
  return { built, ms: Math.round(performance.now() - started) }
}
