/**
 * PostgREST processes an earlier run of the app left behind (killed with SIGKILL: no exit hook
 * ran). Each process's pid is kept in DATA_DIR/data-api/<ref>.pid while it runs; the next run
 * ends what those files name, but only while the pid is still a PostgREST of this binary serving
 * that project (its environment says so): a pid reused meanwhile by another process is left alone.
 */
import fs from 'node:fs'
import path from 'node:path'

export const pidDir = (dataDir: string) => path.join(dataDir, 'data-api')
const pidFile = (dataDir: string, ref: string) => path.join(pidDir(dataDir), `${ref}.pid`)

export function rememberPid(dataDir: string, ref: string, pid: number) {
  try {
    fs.mkdirSync(pidDir(dataDir), { recursive: true })
    fs.writeFileSync(pidFile(dataDir, ref), String(pid))
  } catch (error) {
    // A full disk: the process serves all the same; only a kill -9 of the app would leave it behind.
    console.warn(`[data-api] could not note PostgREST's pid for project ${ref}: ${(error as Error).message}`)
  }
}

export function forgetPid(dataDir: string, ref: string, pid: number) {
  try {
    if (fs.readFileSync(pidFile(dataDir, ref), 'utf8') === String(pid)) fs.unlinkSync(pidFile(dataDir, ref))
  } catch {
    /* already gone */
  }
}

function isOurs(pid: number, binary: string, ref: string): boolean {
  try {
    const exe = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]
    const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
    return exe === binary && env.some((v) => v.startsWith('PGRST_DB_URI=') && new URL(v.slice('PGRST_DB_URI='.length)).pathname === `/p_${ref}`)
  } catch {
    return false
  }
}

/** Ends every leftover process the pid files name; answers how many were signalled. */
export function reapLeftovers(dataDir: string, binary: string): number {
  let files: string[]
  try {
    files = fs.readdirSync(pidDir(dataDir)).filter((f) => f.endsWith('.pid'))
  } catch {
    return 0
  }
  let reaped = 0
  for (const file of files) {
    const ref = file.slice(0, -'.pid'.length)
    const pid = Number(fs.readFileSync(path.join(pidDir(dataDir), file), 'utf8'))
    if (Number.isSafeInteger(pid) && pid > 0 && isOurs(pid, binary, ref)) {
      try {
        process.kill(pid, 'SIGKILL')
        reaped++
      } catch {
        /* gone meanwhile */
      }
    }
    fs.rmSync(path.join(pidDir(dataDir), file), { force: true })
  }
  return reaped
}
