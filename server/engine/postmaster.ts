/**
 * A server left running by an app copy that was killed (kill -9 of the app does not reach its
 * children): found through the data directory's postmaster.pid, and shut down before this copy
 * starts its own. Only a process whose command line names this data directory is touched, and
 * only while that pid is still the same process (its start time, where there is /proc): a server
 * that ends meanwhile may have its pid reused by an unrelated process, which an app running as
 * root could otherwise signal.
 */
import fs from 'node:fs'
import path from 'node:path'
import { processStart } from './lock'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The leftover server: its pid and its start time (null without /proc). */
export type Leftover = { pid: number; started: string | null }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether `leftover.pid` is still that process. */
const stillThere = ({ pid, started }: Leftover) => isAlive(pid) && (started === null || processStart(pid) === started)

/** The live postgres serving `dataDir`, if there is one. */
export function leftoverPostmaster(dataDir: string): Leftover | null {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null
  const started = processStart(pid)
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    const at = args.indexOf('-D')
    if (at < 0 || path.resolve(args[at + 1] ?? '') !== path.resolve(dataDir)) return null
  } catch {
    // With /proc, an unreadable command line is a process gone meanwhile (or not ours to judge).
    if (fs.existsSync('/proc/self/cmdline')) return null
    // No /proc (macOS): trust postmaster.pid, as pg_ctl does.
  }
  return { pid, started }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT) if it takes longer than `graceMs`. */
export async function shutDownLeftover(leftover: Leftover, graceMs = 30_000): Promise<void> {
  const { pid } = leftover
  if (!stillThere(leftover)) return
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + graceMs
  while (stillThere(leftover)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT')
      await sleep(1000)
      if (stillThere(leftover)) process.kill(pid, 'SIGKILL')
    }
    await sleep(50)
  }
}
