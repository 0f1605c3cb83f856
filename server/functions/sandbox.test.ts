import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { detectSandbox, INSIDE, workerCommand, type SandboxMode } from './sandbox'
import { findDeno } from './deno-binary'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Pids of the processes whose command line holds `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry))
    } catch {}
  }
  return found
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50)) if (check()) return true
  return check()
}

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const detected = detectSandbox()
const modes: SandboxMode[] = detected === 'off' ? ['off'] : [detected, 'off']

describe.skipIf(process.platform !== 'linux')('a worker process', () => {
  it.each(modes)('ends with the app that started it, even a killed one (sandbox %s)', async (mode) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-sandbox-'))
    dirs.push(dir)
    fs.chmodSync(dir, 0o755)
    const sub = (name: string) => {
      const made = path.join(dir, name)
      fs.mkdirSync(made, { mode: 0o777 })
      fs.chmodSync(made, 0o777)
      return made
    }
    const deno = findDeno()
    const marker = `marker-${randomBytes(6).toString('hex')}`
    const paths = { denoDir: path.dirname(deno), codeDir: sub('code'), rootDir: sub('root'), socketDir: sub('sock'), cacheDir: sub('cache'), caFile: null }
    const { command, args } = workerCommand(mode, paths, mode === 'root' ? 1_900_000_123 : null, deno, ['eval', `setInterval(() => {}, 1000) // ${marker}`])
    // The app: starts the worker as the pool does, then is killed (no exit handler runs).
    const app = spawn(process.execPath, ['-e', `require('node:child_process').spawn(${JSON.stringify(command)}, ${JSON.stringify(args)}, { stdio: 'ignore', env: ${JSON.stringify(mode === 'off' ? { DENO_DIR: paths.cacheDir, HOME: dir } : { DENO_DIR: INSIDE.cache, HOME: INSIDE.tmp })} }); setInterval(() => {}, 1000)`], { stdio: 'ignore' })
    try {
      // Deno runs: the marker is in its command line (and in the wrappers' above it).
      expect(await until(() => processesWith(`// ${marker}`).some((pid) => fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'deno'), 20_000)).toBe(true)
      app.kill('SIGKILL')
      expect(await until(() => processesWith(marker).length === 0, 10_000)).toBe(true)
    } finally {
      app.kill('SIGKILL')
      for (const pid of processesWith(marker)) process.kill(pid, 'SIGKILL')
    }
  })
})
