/**
 * One PostgREST process per project whose data API is in use, started on its first request and
 * stopped after DATA_API_IDLE_SECONDS without one, when the project is paused or deleted, when its
 * settings or secret change, and when the platform closes. It answers on a Unix socket only the
 * app opens (socketFolder); only the platform's proxy (proxy.ts) talks to it. Concurrent first requests share
 * one start. A process that exits on its own is forgotten, and the next request starts another.
 * As root it runs as the unprivileged account the PostgreSQL server runs as (server/engine/account.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Platform } from '../kernel/platform'
import { serverAccount } from '../engine/account'
import { ownerRoleOf } from '../databases/server-lifecycle'
import { findPostgrest } from './binary'
import { apiSettingsOf } from './settings'
import type { ProjectApiSettings } from './settings-type'
import { ensureDataApiRoles } from './roles'
import { apiLoginOf } from '../databases/role-names'
import { adminUrlOf, withProjectAdmin } from '../databases/project-admin'
import { PRE_REQUEST_FUNCTION } from './request-limits'
import { forgetPid, reapLeftovers, rememberPid } from './leftovers'

/** `socket`: the Unix socket it answers on (never a TCP port: see socketFolder). */
export type RunningApi = { socket: string; child: ChildProcess }

/** `inflight`: requests being answered; the idle stop waits until none is (a long one is activity). */
type Entry = {
  ready: Promise<RunningApi>
  child?: ChildProcess
  idle?: NodeJS.Timeout
  stopped: boolean
  inflight: number
  socket?: string
  usedAt?: number
  /** The settings it was started with (startedWith). */
  settings?: string
  /** Its database sessions' application_name, this process's own (one app copy, one start). */
  sessionName: string
  /** Where it connects: what stop() ends of its sessions. */
  project?: { ref: string; region: string }
}

/** What a PostgREST is started with from a project's API settings: one changed needs a new process. */
const startedWith = (settings: Pick<ProjectApiSettings, 'jwtSecret' | 'schemas' | 'maxRows' | 'timeouts'>) =>
  JSON.stringify([settings.jwtSecret, settings.schemas, settings.maxRows, settings.timeouts])

/** How long PostgREST may take to connect and load its schema cache. */
const START_TIMEOUT_MS = 30_000
const STOP_GRACE_MS = 5_000

/**
 * The folder of the PostgREST sockets: DATA_DIR/data-api/sock, the app's own (0700; 0770 with
 * the group of the account PostgREST runs as, when the app is root). A TCP port on loopback would answer
 * anything on the machine that connects, a project's edge function among them, with no key and
 * none of the gateway's rules (restriction, read-only mode, admission, logs); a socket in this
 * folder answers the app alone. A path too long for a socket address (108 bytes) moves the folder
 * to a fresh folder in the system's temp dir.
 */
export function socketFolder(dataDir: string, account: { uid: number; gid: number } | null): string {
  const inData = path.join(dataDir, 'data-api', 'sock')
  if (inData.length <= 70) {
    fs.mkdirSync(path.dirname(inData), { recursive: true })
    // PostgREST's account passes through the folder above (it lists nothing there).
    fs.chmodSync(path.dirname(inData), 0o711)
    if (!ownFolder(inData)) {
      fs.rmSync(inData, { recursive: true, force: true })
      fs.mkdirSync(inData, { mode: 0o700 })
    }
    return secured(inData, account)
  }
  // A name of its own in the shared temp dir (mkdtemp: made fresh), never a predictable one
  // another account could have made first; made again if it is no longer the app's own folder.
  let dir = tempFolders.get(dataDir)
  if (!dir || !ownFolder(dir)) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supaboard-rest-'))
    tempFolders.set(dataDir, dir)
  }
  return secured(dir, account)
}

/** A real folder (not a link) of the app's own user: one no other account can remove or replace. */
function ownFolder(dir: string): boolean {
  try {
    const stat = fs.lstatSync(dir)
    return stat.isDirectory() && stat.uid === (process.getuid?.() ?? stat.uid)
  } catch {
    return false
  }
}

/**
 * The app's own, open to PostgREST's account by its group when the app is root (it makes its
 * socket there): that account may add and remove entries, never the folder itself.
 */
function secured(dir: string, account: { uid: number; gid: number } | null): string {
  if (account) fs.chownSync(dir, process.getuid?.() ?? 0, account.gid)
  fs.chmodSync(dir, account ? 0o770 : 0o700)
  return dir
}

const tempFolders = new Map<string, string>()

/** PostgREST answers / once its schema cache is loaded (503 before). */
function probe(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ socketPath, path: '/', timeout: 2_000 }, (res) => {
      res.resume()
      resolve(res.statusCode !== undefined && res.statusCode < 500)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
  })
}

export class DataApiProcesses {
  private readonly entries = new Map<string, Entry>()
  private closed = false
  /**
   * The app exiting without closePlatform (`next start` ends on SIGTERM with process.exit) must
   * not leave PostgREST processes behind: they are signalled, synchronously, on exit. What a
   * killed app (SIGKILL) leaves is ended by the next run (leftovers.ts).
   */
  private readonly onExit = () => {
    for (const entry of this.entries.values()) entry.child?.kill('SIGTERM')
  }
  private exitHooked = false
  private reaped = false

  constructor(private readonly platform: Platform) {}

  /** The project's running PostgREST, started when none is. */
  get(project: { ref: string; region: string }): Promise<RunningApi> {
    if (this.closed) return Promise.reject(new Error('the platform is closing'))
    const found = this.entries.get(project.ref)
    if (found) {
      this.touch(project.ref, found)
      return found.ready
    }
    // At the cap, the least recently used process makes room (its next request starts it again):
    // a member with many projects cannot fill the server's connections and memory with them.
    if (this.entries.size >= this.platform.config.dataApi.maxProcesses) {
      // One answering nothing, when there is one: a stop never cuts a request short.
      const idle = [...this.entries].find(([, e]) => e.inflight === 0)?.[0]
      const oldest = idle ?? this.entries.keys().next().value
      if (oldest !== undefined) void this.stop(oldest)
    }
    // Stored before the first await: concurrent first requests share this start.
    const entry: Entry = { ready: Promise.resolve(null as never), stopped: false, inflight: 0, sessionName: `postgrest-${randomUUID()}`, project }
    entry.ready = this.start(project, entry)
    this.entries.set(project.ref, entry)
    entry.ready.catch(() => {
      if (this.entries.get(project.ref) === entry) this.entries.delete(project.ref)
    })
    this.touch(project.ref, entry)
    return entry.ready
  }

  /**
   * The project's PostgREST for one request: no idle stop while it is answered (nor while the
   * process starts, however long that takes); `done` once the answer ended.
   */
  use(project: { ref: string; region: string }): { ready: Promise<RunningApi>; done: () => void } {
    const ready = this.get(project)
    const entry = this.entries.get(project.ref)
    return { ready, done: entry ? this.hold(project.ref, entry) : () => undefined }
  }

  /**
   * use(), for a project whose PostgREST is up already (its port known at once), for a request
   * the gate has not passed yet: `done` once answered (it counts as use), `dropped` when the gate
   * refused (it does not: a refused caller never keeps a PostgREST from its idle stop, nor first in
   * line at the cap). Null when none is running, or one is still starting.
   */
  useRunning(ref: string): { socket: string; done: () => void; dropped: () => void } | null {
    const entry = this.entries.get(ref)
    if (this.closed || !entry?.socket || entry.stopped) return null
    const release = this.hold(ref, entry)
    return { socket: entry.socket, done: () => release(true), dropped: () => release(false) }
  }

  /**
   * Keeps the idle stop away from `entry` until the answer releases it: as a use (`true`: it is
   * the most recently used, its idle time starts again) or not (its idle time runs on from its last use).
   */
  private hold(ref: string, entry: Entry): (used?: boolean) => void {
    entry.inflight++
    if (entry.idle) clearTimeout(entry.idle)
    entry.idle = undefined
    let finished = false
    return (used = true) => {
      if (finished) return
      finished = true
      entry.inflight--
      if (this.entries.get(ref) !== entry) return
      if (used) this.touch(ref, entry)
      else this.armIdleStop(ref, entry)
    }
  }

  /**
   * Stops the project's PostgREST when it runs with other settings than `settings` (the gate's,
   * just read): another app instance rotated the secret or changed the settings, and stopped only
   * its own process. Checked and stopped with no await in between, so that concurrent requests
   * stop the stale process once, never the new one.
   */
  async stopIfStale(ref: string, settings: ProjectApiSettings): Promise<boolean> {
    const entry = this.entries.get(ref)
    if (!entry?.settings || entry.settings === startedWith(settings)) return false
    await this.stop(ref)
    return true
  }

  /** Whether a process of this project is running or starting (tests, status). */
  isRunning(ref: string): boolean {
    return this.entries.has(ref)
  }

  /** The pid of the project's process, once started. */
  pidOf(ref: string): number | undefined {
    return this.entries.get(ref)?.child?.pid
  }

  private touch(ref: string, entry: Entry) {
    // Most recently used last: the map's order is the eviction order.
    this.entries.delete(ref)
    this.entries.set(ref, entry)
    entry.usedAt = Date.now()
    this.armIdleStop(ref, entry)
  }

  /** The idle stop, due `idleSeconds` after the last use, unless a request is being answered. */
  private armIdleStop(ref: string, entry: Entry) {
    if (entry.idle) clearTimeout(entry.idle)
    entry.idle = undefined
    if (entry.inflight > 0) return
    const idleMs = this.platform.config.dataApi.idleSeconds * 1000
    entry.idle = setTimeout(() => void this.stop(ref), Math.max(0, idleMs - (Date.now() - (entry.usedAt ?? Date.now()))))
    entry.idle.unref()
  }

  private async start(project: { ref: string; region: string }, entry: Entry): Promise<RunningApi> {
    const settings = await apiSettingsOf(this.platform, project.ref)
    entry.settings = startedWith(settings)
    const adminUrl = adminUrlOf(this.platform, project.region)
    if (!adminUrl) throw new Error('no managed server for this project')
    const { login, preRequest } = await ensureDataApiRoles(this.platform, project, settings)
    const dbUri = new URL(adminUrl)
    dbUri.username = login.user
    dbUri.password = login.password
    dbUri.pathname = `/${ownerRoleOf(project.ref)}`
    // Its sessions carry this process's name: what stop() ends of its own, and nothing of another app copy's.
    dbUri.searchParams.set('application_name', entry.sessionName)
    if (entry.stopped) throw new Error('stopped while starting')
    const account = serverAccount(this.platform.config.embeddedDb.user)
    const socket = path.join(socketFolder(this.platform.config.dataDir, account), `${project.ref}.${randomUUID().slice(0, 8)}.sock`)
    // A clean environment: PostgREST gets its settings and nothing of the platform's.
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: process.env.NODE_ENV,
      PATH: process.env.PATH,
      LANG: 'C.UTF-8',
      PGRST_DB_URI: dbUri.toString(),
      PGRST_DB_SCHEMAS: settings.schemas.join(','),
      PGRST_DB_ANON_ROLE: 'anon',
      // As hosted projects: extensions' types and functions found from the exposed schemas.
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_JWT_SECRET: settings.jwtSecret,
      PGRST_DB_MAX_ROWS: String(settings.maxRows),
      PGRST_DB_POOL: '5',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_SERVER_UNIX_SOCKET: socket,
      PGRST_SERVER_UNIX_SOCKET_MODE: '600',
      PGRST_LOG_LEVEL: 'error',
      // The project's own statement timeouts, per request (request-limits.ts).
      ...(preRequest ? { PGRST_DB_PRE_REQUEST: PRE_REQUEST_FUNCTION } : {}),
    }
    if (!this.exitHooked) {
      process.once('exit', this.onExit)
      this.exitHooked = true
    }
    const binary = findPostgrest()
    const { dataDir } = this.platform.config
    // Once per run, before its first process: what a killed earlier run left behind.
    if (!this.reaped) {
      this.reaped = true
      const reaped = reapLeftovers(dataDir, binary)
      if (reaped) console.warn(`[data-api] ended ${reaped} PostgREST process(es) an earlier run left behind`)
    }
    const child = spawn(binary, [], { env, stdio: ['ignore', 'ignore', 'pipe'], ...(account ? { uid: account.uid, gid: account.gid } : {}) })
    entry.child = child
    const pid = child.pid
    if (pid) rememberPid(dataDir, project.ref, pid)
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000)
    })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.once('error', () => undefined)
    void exited.then(() => {
      if (pid) forgetPid(dataDir, project.ref, pid)
      fs.rm(socket, { force: true }, () => undefined)
      // A crash (or a stop): forgotten, so that the next request starts a new one.
      if (this.entries.get(project.ref) === entry) {
        if (entry.idle) clearTimeout(entry.idle)
        this.entries.delete(project.ref)
        if (!entry.stopped) console.error(`[data-api] PostgREST of project ${project.ref} exited: ${stderr.trim().split('\n').pop() ?? ''}`)
      }
    })
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null || entry.stopped) throw new Error(`PostgREST did not start: ${stderr.trim().split('\n').pop() ?? 'it exited'}`)
      if (await probe(socket)) {
        entry.socket = socket
        return { socket, child }
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error('PostgREST did not become ready in time')
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Stops the project's process (if any) and waits until it exited. */
  async stop(ref: string): Promise<void> {
    const entry = this.entries.get(ref)
    if (!entry) return
    this.entries.delete(ref)
    entry.stopped = true
    if (entry.idle) clearTimeout(entry.idle)
    await entry.ready.catch(() => undefined)
    const child = entry.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    await exited
    clearTimeout(timer)
    await this.endSessions(entry)
  }

  /**
   * A statement of a stopped PostgREST goes on in its backend until it ends or next sends (a loop
   * sends nothing): the sessions of that process are ended, by the name it connected with.
   */
  private async endSessions(entry: Entry) {
    if (!entry.project) return
    const database = ownerRoleOf(entry.project.ref)
    const args = [apiLoginOf(entry.project.ref), database, entry.sessionName]
    await withProjectAdmin(this.platform, entry.project, null, async (admin) => {
      await admin.query(
        `select pg_catalog.pg_terminate_backend(pid) from pg_catalog.pg_stat_activity
         where usename = $1 and datname = $2 and application_name = $3`,
        args
      )
      // A backend ends a moment after its signal: stop() resolves once they are gone (5 s at most).
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_catalog.pg_stat_activity where usename = $1 and datname = $2 and application_name = $3`,
          args
        )
        if (rows[0].n === 0) break
      }
    }).catch((e) => console.warn(`[data-api] could not end the sessions of a stopped PostgREST of project ${entry.project?.ref}: ${(e as Error).message}`))
  }

  async stopAll(): Promise<void> {
    this.closed = true
    await Promise.all([...this.entries.keys()].map((ref) => this.stop(ref)))
    process.removeListener('exit', this.onExit)
  }
}
