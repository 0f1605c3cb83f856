/**
 * One app copy per DATA_DIR runs its PostgreSQL server: a lock file names the holder (pid, and on
 * Linux the process's start time, so a pid reused after a reboot or in a new container does not
 * count as the holder). A lock whose holder is gone is taken over; a live one is a clear error.
 * The holder touches the file every HEARTBEAT_MS: a lock written on another host (a shared disk, or
 * a container that was killed and replaced by one with a new host name) counts as held while it
 * was touched within STALE_MS, and is taken over after.
 */
import fs from 'node:fs'
import os from 'node:os'

type Holder = { pid: number; started: string | null; host: string; since: string }

export const HEARTBEAT_MS = 10_000
export const STALE_MS = 60_000

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), where there is /proc. */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function alive(holder: Holder, file: string): boolean {
  if (holder.host !== os.hostname()) {
    // Another host's copy: its process cannot be asked, its heartbeat can.
    try {
      return Date.now() - fs.statSync(file).mtimeMs < STALE_MS
    } catch {
      return false
    }
  }
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const started = processStart(holder.pid)
  return holder.started === null || started === null || started === holder.started
}

export class DataDirLockedError extends Error {}

export type DataDirLock = { release(): void }

export function lockDataDir(file: string, what: string): DataDirLock {
  const me: Holder = { pid: process.pid, started: processStart(process.pid), host: os.hostname(), since: new Date().toISOString() }
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error
    }
    let holder: Holder | null = null
    try {
      holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder
    } catch {
      // Unreadable or half-written: its writer died while writing (writes are one small call).
    }
    // This very process counts too: one process runs one platform (server/platform.ts).
    if (holder && alive(holder, file))
      throw new DataDirLockedError(
        `Another copy of the platform (pid ${holder.pid} on ${holder.host}, since ${holder.since}) is running ${what}. ` +
          'Stop it first, or give this copy a DATA_DIR of its own (or a PostgreSQL server of your own: PLATFORM_DATABASE_URL and PROJECT_DB_SERVERS).'
      )
    // Gone: take it over. Two copies racing here both unlink; only one wins the exclusive create.
    fs.rmSync(file, { force: true })
  }
  let released = false
  const heartbeat = setInterval(() => {
    const now = new Date()
    try {
      fs.utimesSync(file, now, now)
    } catch {
      // Gone (removed by hand): nothing to keep fresh.
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()
  const release = () => {
    if (released) return
    released = true
    clearInterval(heartbeat)
    process.off('exit', release)
    try {
      const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder
      if (holder.pid === me.pid) fs.rmSync(file, { force: true })
    } catch {
      // Already gone.
    }
  }
  process.on('exit', release)
  return { release }
}
