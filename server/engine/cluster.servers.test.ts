// @vitest-environment node
/**
 * The embedded server's life, for real: initdb on first start, reuse, a crash noticed and
 * restarted, a clean stop, recovery after the app and the server were killed, one app copy per
 * DATA_DIR, and (the tests run as root in CI) the server running as an unprivileged account.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
import { enginePaths, startEngine, type Engine } from './cluster'
import { processStart } from './lock'

const started: Engine[] = []
/** Every directory a test made: removed once its servers stopped (a data directory is about 40 MB). */
const made: string[] = []
afterEach(async () => {
  for (const engine of started.splice(0)) await engine.stop()
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-'))
  made.push(dir)
  return dir
}

function dataDir(): string {
  const dir = tempDir()
  fs.chmodSync(dir, 0o755)
  return dir
}

async function start(dir: string, options: { report?: (m: string) => void; durable?: boolean; user?: string } = {}): Promise<Engine> {
  const engine = await startEngine({ dataDir: dir, port: 0, durable: false, ...options })
  started.push(engine)
  return engine
}

async function query<T extends Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

const postmasterPid = (dir: string) => Number(fs.readFileSync(path.join(enginePaths(dir).data, 'postmaster.pid'), 'utf8').split('\n')[0])

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(check: () => Promise<boolean> | boolean) {
  for (;;) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('makes a cluster on first start (password kept beside it, SCRAM, loopback, pg_stat_statements) and reuses it later', async () => {
  const dir = dataDir()
  const engine = await start(dir)
  const paths = enginePaths(dir)
  expect(fs.statSync(paths.password).mode & 0o777).toBe(0o600)
  const [settings] = await query<Record<string, string>>(
    engine.adminUrl(),
    `select current_setting('listen_addresses') as listen, current_setting('password_encryption') as enc,
       current_setting('shared_preload_libraries') as preload, current_setting('server_version_num') as version`
  )
  expect(settings).toEqual({ listen: '127.0.0.1', enc: 'scram-sha-256', preload: 'pg_stat_statements', version: expect.stringMatching(/^17/) })
  const hba = fs.readFileSync(path.join(paths.data, 'pg_hba.conf'), 'utf8').split('\n').filter((l) => /^(host|local)/.test(l))
  expect(hba.length).toBeGreaterThan(0)
  for (const line of hba) expect(line).toMatch(/scram-sha-256$/)
  // A wrong password is refused.
  const wrong = new URL(engine.adminUrl())
  wrong.password = 'not-it'
  await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/)
  await query(engine.adminUrl(), 'create table kept (n int); insert into kept values (42)')
  await engine.stop()
  started.splice(0)

  const again = await start(dir)
  expect(again.port).toBe(engine.port)
  expect(await query(again.adminUrl(), 'select n from kept')).toEqual([{ n: 42 }])
})

it.runIf(process.getuid?.() === 0)('runs the server as an unprivileged account when the app is root, the data directory its own', async () => {
  const dir = dataDir()
  await start(dir)
  const status = fs.readFileSync(`/proc/${postmasterPid(dir)}/status`, 'utf8')
  const uid = Number(/^Uid:\s+(\d+)/m.exec(status)![1])
  expect(uid).not.toBe(0)
  expect(fs.statSync(enginePaths(dir).data).uid).toBe(uid)
})

it.runIf(process.getuid?.() === 0)('lets the account through a DATA_DIR of its own made 0700, and names a directory above it that blocks', async () => {
  const dir = tempDir()
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
  await start(dir)
  expect(fs.statSync(dir).mode & 0o777).toBe(0o701)
  const above = tempDir()
  await expect(startEngine({ dataDir: path.join(above, 'data'), port: 0, durable: false })).rejects.toThrow(
    new RegExp(`cannot enter ${above}: run \\\`chmod o\\+x ${above}\\\``)
  )
})

it.runIf(process.getuid?.() === 0)('warns when the server runs as nobody, an account other programs may share', async () => {
  const reports: string[] = []
  await start(dataDir(), { report: (m) => reports.push(m), user: 'nobody' })
  expect(reports.join('\n')).toMatch(/PostgreSQL runs as `nobody`, an account other programs on this machine may run as too.*Set EMBEDDED_DB_USER/)
})

it('notices a crash of the server, reports it and starts it again', async () => {
  const dir = dataDir()
  const reports: string[] = []
  const engine = await start(dir, { report: (m) => reports.push(m) })
  const pid = postmasterPid(dir)
  process.kill(pid, 'SIGKILL')
  await until(() => engine.restarts === 1)
  expect(reports[0]).toMatch(/PostgreSQL exited on its own \(SIGKILL\); starting it again/)
  expect(reports.at(-1)).toMatch(/running again/)
  expect(await query(engine.adminUrl(), 'select 1 as ok')).toEqual([{ ok: 1 }])
  expect(postmasterPid(dir)).not.toBe(pid)
})

it('waits for the backends a killed server left running before it starts again on the same data', async () => {
  const dir = dataDir()
  const first = await start(dir)
  // A backend busy in one statement does not look for its postmaster until the statement ends.
  // This one spins while the file `hold` exists (in a directory the server's account may enter;
  // removed with it after the test whatever happened): it outlives the kill however slow the
  // machine is, and no longer than needed.
  const hold = path.join(dataDir(), 'hold')
  fs.writeFileSync(hold, '')
  const busy = new pg.Client({ connectionString: first.adminUrl() })
  await busy.connect()
  busy.on('error', () => undefined)
  const statement = busy.query(`do $spin$ begin while (pg_stat_file('${hold}', true)).size is not null loop end loop; end $spin$`).catch(() => undefined)
  await until(async () => (await query<{ n: number }>(first.adminUrl(), `select count(*)::int as n from pg_stat_activity where query like 'do $spin$%' and state = 'active'`))[0].n === 1)
  const pid = postmasterPid(dir)
  process.kill(pid, 'SIGKILL')
  await until(() => !alive(pid))
  // Its supervisor gone too, as when the app was killed with it.
  await first.stop()
  started.splice(0)

  const reports: string[] = []
  const again = await start(dir, {
    report: (m) => {
      reports.push(m)
      // The start saw the backend and waits: let it end.
      if (/still running: waiting for them to end/.test(m)) fs.rmSync(hold)
    },
  })
  expect(reports.join('\n')).toMatch(/processes of an earlier PostgreSQL server on .* are still running: waiting for them to end/)
  expect(await query(again.adminUrl(), 'select 1 as ok')).toEqual([{ ok: 1 }])
  await statement
  await busy.end().catch(() => undefined)
})

it('stops the server cleanly with the app', async () => {
  const dir = dataDir()
  const engine = await start(dir)
  const pid = postmasterPid(dir)
  await engine.stop()
  started.splice(0)
  expect(alive(pid)).toBe(false)
  expect(fs.readFileSync(enginePaths(dir).log, 'utf8')).toMatch(/database system is shut down/)
  expect(fs.existsSync(enginePaths(dir).lock)).toBe(false)
})

it('refuses a second app copy on the same DATA_DIR while the first runs, saying what to do', async () => {
  const dir = dataDir()
  await start(dir)
  // The lock as another live process would hold it.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
  try {
    const paths = enginePaths(dir)
    fs.writeFileSync(paths.lock, JSON.stringify({ pid: other.pid, started: processStart(other.pid!), host: os.hostname(), since: 'now' }))
    await expect(startEngine({ dataDir: dir, port: 0, durable: false })).rejects.toThrow(/Another copy of the platform \(pid \d+.*give this copy a DATA_DIR of its own/)
  } finally {
    other.kill('SIGKILL')
  }
})

/** An app copy in a process of its own on `dir` (fixtures/hold-engine.ts): its admin URL once its server is up, and the process. */
async function appInAProcess(dir: string): Promise<{ url: string; app: ChildProcess }> {
  const jiti = path.join(process.cwd(), 'node_modules', 'jiti', 'lib', 'jiti-cli.mjs')
  const app = spawn(process.execPath, [jiti, path.join(__dirname, 'fixtures', 'hold-engine.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    app.stdout!.on('data', (chunk) => {
      out += chunk
      const ready = /^ready (\S+)$/m.exec(out)
      if (ready) resolve(ready[1])
    })
    app.once('exit', (code) => reject(new Error(`the app copy ended (${code}) before its server was up`)))
  })
  return { url, app }
}

const killed = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve))

it('recovers after the app was killed: its server left running is shut down, and after both were killed', async () => {
  const dir = dataDir()
  // An app copy killed with SIGKILL: its lock stays (naming a dead process), its server keeps
  // running, nothing supervises it any more.
  const first = await appInAProcess(dir)
  await query(first.url, 'create table survived (n int); insert into survived values (1)')
  const orphan = postmasterPid(dir)
  let gone = killed(first.app)
  first.app.kill('SIGKILL')
  await gone
  expect(alive(orphan)).toBe(true)
  expect(fs.existsSync(enginePaths(dir).lock)).toBe(true)

  const reports: string[] = []
  const next = await start(dir, { durable: true, report: (m) => reports.push(m) })
  expect(reports.join('\n')).toMatch(new RegExp(`pid ${orphan}\\) was left running`))
  expect(alive(orphan)).toBe(false)
  expect(await query(next.adminUrl(), 'select n from survived')).toEqual([{ n: 1 }])
  await next.stop()
  started.splice(0)

  // Both killed: the app and its server by SIGKILL (no shutdown: a stale postmaster.pid and a lock
  // left behind, WAL to replay).
  const second = await appInAProcess(dir)
  await query(second.url, 'insert into survived values (2)')
  const pid = postmasterPid(dir)
  gone = killed(second.app)
  second.app.kill('SIGKILL')
  process.kill(pid, 'SIGKILL')
  await gone
  await until(() => !alive(pid))
  expect(fs.existsSync(path.join(enginePaths(dir).data, 'postmaster.pid'))).toBe(true)
  const last = await start(dir, { durable: true })
  expect(await query(last.adminUrl(), 'select n from survived order by n')).toEqual([{ n: 1 }, { n: 2 }])
})

it('says so when EMBEDDED_DB_PORT is taken by another program', async () => {
  const dir = dataDir()
  const first = await start(dir)
  const other = dataDir()
  await expect(startEngine({ dataDir: other, port: first.port, durable: false })).rejects.toThrow(
    new RegExp(`EMBEDDED_DB_PORT ${first.port} is in use by another program`)
  )
  expect(fs.existsSync(enginePaths(other).lock)).toBe(false)
})
