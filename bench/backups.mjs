// §8: backup and restore of a large project (server/backups), through the platform's HTTP routes
// as a user makes them, against copying the same database's files. On an app of its own (fresh
// DATA_DIR), one user, one Pro project whose database is filled to `mb` MiB (pg_database_size):
//   - an on-demand backup, `POST /platform/projects/{ref}/backups` until the backup's status says
//     completed (the answer does, once the copy is made);
//   - a restore of it, `POST …/backups/{id}/restore` until the project is ACTIVE_HEALTHY again
//     (polled every 50 ms), checked: a table made after the backup is gone, every row is back.
// Baselines in the same run, on the same server and disk: the raw copy of the database's files
// (`cp -r` of DATA_DIR/engine/data/base/<oid> after a CHECKPOINT, and the same followed by a
// `sync` of the copy, since PostgreSQL makes its copies durable), and what the platform's copy
// is made of, done directly as the server's superuser: `CREATE DATABASE … TEMPLATE` (the default
// strategy WAL_LOG, which the platform uses, and FILE_COPY), and a restore's sequence (rename
// aside, copy in, drop the one put aside) on a scratch database. Each is preceded by a CHECKPOINT,
// so that no step pays for the dirty pages of the one before; their order rotates round by round.
// Every file is in the OS page cache by then (the fill just wrote it): these are warm copies.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { apiQuery, call, setUpProject } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { engineAdminUrl } from './lib/engine.mjs'
import { makeTempDir, startApp } from './lib/proc.mjs'
import { log, median, sleep } from './lib/util.mjs'

const MiB = 2 ** 20
// ~1 KB a row: 960 characters of hex, under the size (~2 KB) at which PostgreSQL would compress
// or move it out of line, so the table's size on disk is the data's.
const PAYLOAD = 'repeat(md5(g::text), 30)'
const CHUNK_ROWS = 50_000
const ident = pg.escapeIdentifier

export function startBackupsApp() {
  return startApp({ label: 'app (backups)', dataDir: makeTempDir('bench-data-') })
}

async function admin(url) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  onCleanup('close an admin connection', () => client.end().catch(() => {}))
  return client
}

async function timed(fn) {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (c) => (err += c))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${err.trim()}`))))
  })
}

/** Paths of the files under `dir`. */
function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
}

/** Bytes of the files under `dir` (what `cp -r` copies). */
const diskBytes = (dir) => files(dir).reduce((sum, file) => sum + fs.statSync(file).size, 0)

/**
 * Fills the project's database to `targetBytes` (pg_database_size), as the project's own role on
 * the server's superuser connection (no statement timeout). Answers the number of rows.
 */
async function fill(db, role, targetBytes) {
  await db.query(`SET ROLE ${ident(role)}`)
  await db.query('create table fill (id bigint primary key, payload text not null)')
  let rows = 0
  for (;;) {
    const { rows: [size] } = await db.query('select pg_database_size(current_database())::float8 as bytes')
    if (size.bytes >= targetBytes) break
    // The last chunk sized to the remainder (~1.1 KB a row on disk with the index).
    const n = Math.max(1000, Math.min(CHUNK_ROWS, Math.ceil((targetBytes - size.bytes) / 1100)))
    await db.query(`insert into fill select g, ${PAYLOAD} from generate_series($1::bigint, $2::bigint) g`, [rows + 1, rows + n])
    rows += n
  }
  await db.query('RESET ROLE')
  // Hint bits and the visibility map written now, not by the first copy or count that reads them.
  await db.query('VACUUM (ANALYZE) fill')
  return rows
}

/** Polls the project until ACTIVE_HEALTHY; RESTORE_FAILED (or anything but RESTORING) throws. */
async function untilHealthy(base, token, ref, timeoutMs = 30 * 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const project = await call(base, 'GET', `/api/platform/projects/${ref}`, { token })
    if (project.status === 'ACTIVE_HEALTHY') return
    if (project.status !== 'RESTORING') throw new Error(`restore ended ${project.status}: ${project.status_message ?? ''}`)
    if (Date.now() > deadline) throw new Error(`project still RESTORING after ${timeoutMs / 1000} s`)
    await sleep(50)
  }
}

/** An on-demand backup through the API, until completed (the answer says so, or the list does later). */
async function apiBackup(base, token, ref) {
  let backup = await call(base, 'POST', `/api/platform/projects/${ref}/backups`, { token })
  while (backup.status === 'pending') {
    await sleep(50)
    backup = (await call(base, 'GET', `/api/platform/projects/${ref}/backups`, { token })).backups.find((b) => b.id === backup.id)
  }
  if (backup.status !== 'completed') throw new Error(`backup ${backup.id} ended ${backup.status}: ${backup.error ?? ''}`)
  return backup
}

export async function benchBackups({ app, mb, runs }) {
  const project = await setUpProject(app.url, { tag: 'backups' })
  const { token, ref } = project
  const base = app.url
  const live = `p_${ref}`
  const server = await admin(engineAdminUrl(app.dataDir))
  const checkpoint = () => server.query('CHECKPOINT')

  const t0 = performance.now()
  const projectDb = await admin(engineAdminUrl(app.dataDir, live))
  const rowCount = await fill(projectDb, live, mb * MiB)
  await projectDb.end()
  const fillMs = performance.now() - t0
  const { rows: [info] } = await server.query(
    `select d.oid::text as oid, pg_database_size(d.datname)::float8 as bytes, current_setting('data_directory') as data_directory from pg_database d where datname = $1`,
    [live]
  )
  const filesBytes = diskBytes(path.join(info.data_directory, 'base', info.oid))
  // Looked up before each copy: a restore gives the project's database a new oid.
  const liveDir = async () => {
    const { rows: [db] } = await server.query('select oid::text as oid from pg_database where datname = $1', [live])
    return path.join(info.data_directory, 'base', db.oid)
  }
  log(`project ${ref}: ${rowCount.toLocaleString('en-US')} rows, pg_database_size ${(info.bytes / MiB).toFixed(0)} MiB, base/${info.oid} ${(filesBytes / MiB).toFixed(0)} MiB, filled in ${(fillMs / 1000).toFixed(1)} s`)

  // A first backup, unmeasured: warms the path, and is the closed database the raw copies are
  // made from (the project's own database has the platform's sessions on it, which CREATE
  // DATABASE … TEMPLATE refuses; the platform's own backup ends them first).
  const source = await apiBackup(base, token, ref)
  const sourceDb = `${live}_bk_${source.id}`
  const copies = makeTempDir('bench-backup-copy-')
  const scratch = 'bench_backup_scratch'

  const dropTimes = []
  const restoreSteps = []
  // WAL the server wrote meanwhile (the platform's control plane shares the server: a little more).
  const wal = { backup: [], fileCopy: [] }
  const walLsn = async () => (await server.query('select pg_current_wal_insert_lsn()::text as lsn')).rows[0].lsn
  const walSince = async (lsn) => Number((await server.query('select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1)::float8 as bytes', [lsn])).rows[0].bytes)
  const raw = {
    cp: async () => {
      const [target, sourceDir] = [path.join(copies, 'copy'), await liveDir()]
      await checkpoint()
      const ms = await timed(() => run('cp', ['-r', sourceDir, target]))
      fs.rmSync(target, { recursive: true, force: true })
      return ms
    },
    cpSync: async () => {
      const [target, sourceDir] = [path.join(copies, 'copy'), await liveDir()]
      await checkpoint()
      const ms = await timed(async () => {
        await run('cp', ['-r', sourceDir, target])
        await run('sync', files(target)) // fsync of each file copied (not the whole file system)
      })
      fs.rmSync(target, { recursive: true, force: true })
      return ms
    },
    templateWalLog: async () => {
      await checkpoint()
      const ms = await timed(() => server.query(`CREATE DATABASE ${scratch} TEMPLATE ${ident(sourceDb)}`))
      // The drop alone, for the reading of a restore's steps (details only).
      await checkpoint()
      dropTimes.push(await timed(() => server.query(`DROP DATABASE ${scratch}`)))
      return ms
    },
    templateFileCopy: async () => {
      await checkpoint()
      const lsn = await walLsn()
      const ms = await timed(() => server.query(`CREATE DATABASE ${scratch} TEMPLATE ${ident(sourceDb)} STRATEGY FILE_COPY`))
      wal.fileCopy.push(await walSince(lsn))
      await server.query(`DROP DATABASE ${scratch}`)
      return ms
    },
    // What a restore does to the server, on a scratch database standing in for the project's.
    restoreSequence: async () => {
      // Made with FILE_COPY: a WAL_LOG copy would leave a second 1 GB of WAL just before the measured
      // one, and the server's checkpoints triggered by WAL volume (max_wal_size) would land in it.
      await server.query(`CREATE DATABASE ${scratch} TEMPLATE ${ident(sourceDb)} STRATEGY FILE_COPY`)
      await checkpoint()
      const steps = {}
      const ms = await timed(async () => {
        steps.rename = await timed(() => server.query(`ALTER DATABASE ${scratch} RENAME TO ${scratch}_aside`))
        steps.copy = await timed(() => server.query(`CREATE DATABASE ${scratch} TEMPLATE ${ident(sourceDb)} ALLOW_CONNECTIONS false`))
        steps.drop = await timed(() => server.query(`DROP DATABASE ${scratch}_aside WITH (FORCE)`))
      })
      restoreSteps.push(steps)
      await server.query(`DROP DATABASE ${scratch}`)
      return ms
    },
  }
  const times = { apiBackup: [], apiRestore: [], ...Object.fromEntries(Object.keys(raw).map((k) => [k, []])) }
  const rawKeys = Object.keys(raw)

  for (let round = 0; round < runs; round++) {
    // The raw copies, in an order rotated each round; then the API's backup and its restore
    // (first in odd rounds, last in even ones).
    const order = rawKeys.map((_, j) => rawKeys[(round + j) % rawKeys.length])
    const apiFirst = round % 2 === 1
    const api = async () => {
      await checkpoint()
      let backup
      const lsn = await walLsn()
      times.apiBackup.push(await timed(async () => (backup = await apiBackup(base, token, ref))))
      wal.backup.push(await walSince(lsn))
      // Something the restore must undo.
      await apiQuery(base, token, ref, 'create table made_after_backup (id int)')
      await checkpoint()
      times.apiRestore.push(
        await timed(async () => {
          await call(base, 'POST', `/api/platform/projects/${ref}/backups/${backup.id}/restore`, { token })
          await untilHealthy(base, token, ref)
        })
      )
      const [check] = await apiQuery(base, token, ref, "select to_regclass('made_after_backup') is null as undone, (select count(*) from fill)::int as n")
      if (!check.undone || check.n !== rowCount) throw new Error(`restore check: ${JSON.stringify(check)} (expected ${rowCount} rows and no made_after_backup)`)
      await call(base, 'DELETE', `/api/platform/projects/${ref}/backups/${backup.id}`, { token })
      log(`  round ${round + 1}/${runs}: backup ${(times.apiBackup.at(-1) / 1000).toFixed(2)} s, restore ${(times.apiRestore.at(-1) / 1000).toFixed(2)} s (size ${(backup.size_bytes / MiB).toFixed(0)} MiB)`)
    }
    if (apiFirst) await api()
    for (const key of order) times[key].push(await raw[key]())
    log(`  round ${round + 1}/${runs}: ${rawKeys.map((k) => `${k} ${(times[k].at(-1) / 1000).toFixed(2)} s`).join(', ')}`)
    if (!apiFirst) await api()
  }

  await call(base, 'DELETE', `/api/platform/projects/${ref}/backups/${source.id}`, { token })
  const { rows: left } = await server.query(`select datname from pg_database where datname like $1 or datname like 'bench\\_%'`, [`${live}\\_%`])
  if (left.length) throw new Error(`databases left behind: ${left.map((r) => r.datname).join(', ')}`)
  await server.end()

  const medians = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]))
  return { ref, mb, rows: rowCount, databaseBytes: info.bytes, filesBytes, fillMs, runs, medians: { ...medians, dropCopy: median(dropTimes) }, times: { ...times, dropCopy: dropTimes }, walBytes: { backup: median(wal.backup), fileCopy: median(wal.fileCopy) }, wal, restoreSteps }
}
