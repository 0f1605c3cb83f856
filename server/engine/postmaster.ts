/**
 * A server left running by an app copy that was killed (kill -9 of the app does not reach its
 * children): found through the data directory's postmaster.pid, and shut down before this copy
 * starts its own. Only a process whose command line names this data directory is touched.
 */
import fs from 'node:fs'
import path from 'node:path'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid of a live postgres serving `dataDir`, if there is one. */
export function leftoverPostmaster(dataDir: string): number | null {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    const at = args.indexOf('-D')
    if (at < 0 || path.resolve(args[at + 1] ?? '') !== path.resolve(dataDir)) return null
  } catch {
    // No /proc (macOS): trust postmaster.pid, as pg_ctl does.
  }
  return pid
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT) if it takes longer than `graceMs`. */
export async function shutDownLeftover(pid: number, graceMs = 30_000): Promise<void> {
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + graceMs
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT')
      await sleep(1000)
      if (isAlive(pid)) process.kill(pid, 'SIGKILL')
    }
    await sleep(50)
  }
}
