#!/usr/bin/env node
// `npm run bench`: performance figures of the dashboard and its built-in platform on the one
// engine (the PostgreSQL server `npm start` runs itself), each printed as a ratio against a
// baseline measured in the same run. Never pass/fail. Sizes: bench/lib/settings.mjs
// (`BENCH_QUICK=1` or `--quick` for a smoke run). See bench/README.md.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchScriptBytes, launchBrowser } from './browser.mjs'
import { benchStream } from './stream.mjs'
import { benchBackups, startBackupsApp } from './backups.mjs'
import { benchDataApi, startDataApiApp } from './data-api.mjs'
import { setUpProject } from './lib/api.mjs'
import { buildIfStale } from './lib/build.mjs'
import { assertNotAborting, cleanupAll, installSignalHandlers } from './lib/cleanup.mjs'
import { treeMemory } from './lib/engine.mjs'
import { makeTempDir, startApp } from './lib/proc.mjs'
import { figure, renderTable } from './lib/report.mjs'
import { settings } from './lib/settings.mjs'
import { log, root, sleep } from './lib/util.mjs'
import { benchLoad } from './load.mjs'
import { benchRows } from './rows.mjs'
import { benchSql } from './sql.mjs'
import { benchStorage, startStorageApp } from './storage.mjs'
import { benchRealtime, startRealtimeApp } from './realtime.mjs'
import { benchStartup } from './startup.mjs'
import { benchFunctions, startFunctionsApp } from './functions.mjs'

const OUT = path.join(root, 'bench', 'out', 'latest.json')
const GiB = 2 ** 30
// The aims the platform sets itself for the one engine (today's figures were measured with PGlite
// projects: 141 req/s for 20 projects × 40 clients).
const AIMS = { freshStartMs: 4000, existingStartMs: 2000, memoryBytes: GiB, requestsPerSecond: 5 * 141, p99Ms: 250, rowsRatio: 1.3, dataApiAddedMs: 1, dataApiColdMs: 1000, select1AddedMs: 1, functionColdMs: 150, functionAddedMs: 1 }

installSignalHandlers()
const t0 = performance.now()
// Other work on the machine skews every figure: the load average goes into the report.
const loadAverage = { start: os.loadavg().map((v) => Math.round(v * 100) / 100) }
const details = { settings: { ...settings, sections: [...settings.sections] } }
const errors = {}
const figures = []
const want = (name) => settings.sections.has(name)

/** Runs one section; a failure is reported and the other sections still run. */
async function section(name, fn) {
  assertNotAborting()
  try {
    return await fn()
  } catch (error) {
    errors[name] = error?.stack ?? String(error)
    console.error(`\n✗ ${name} failed: ${error?.stack ?? error}\n`)
    return null
  }
}

/** An app on a fresh DATA_DIR, its memory once it answers (platform and server up, no project yet). */
async function freshApp(label) {
  const app = await startApp({ label, dataDir: makeTempDir('bench-data-') })
  await sleep(1000) // let start-up work (docs index, scheduler's first pass) settle
  return { app, idleMemory: treeMemory(app.proc.child.pid) }
}

async function main() {
  if (settings.skipBuild) {
    details.build = { built: false, skipped: true }
    log('using .next as it is (BENCH_SKIP_BUILD=1 / --no-build)')
  } else {
    details.build = await buildIfStale()
    log(details.build.built ? `built in ${(details.build.ms / 1000).toFixed(1)} s` : `build is up to date${details.build.ms > 1000 ? ` (after waiting ${(details.build.ms / 1000).toFixed(0)} s for another build)` : ''}`)
  }

  // §1 first, on a machine nothing else of this run loads yet.
  if (want('startup')) {
    log(`§1 npm start → first answer, fresh and existing DATA_DIR (${settings.startupRuns} run(s) each)`)
    const startup = await section('startup', () => benchStartup({ runs: settings.startupRuns, warm: !settings.quick }))
    if (startup) {
      details.startup = startup
      const m = startup.median
      const S = `§1 \`npm start\` → GET /api/get-utc-time 200 (existing build, SKIP_BUILD=true), median of ${settings.startupRuns}`
      figures.push(
        figure({ id: 'start.fresh', section: S, name: 'fresh DATA_DIR (initdb, migrations)', value: m.appFresh, baseline: m.rawFresh, baselineName: 'raw initdb + postgres → select 1', aim: { op: '≤', value: AIMS.freshStartMs } }),
        figure({ id: 'start.existing', section: S, name: 'existing DATA_DIR', value: m.appExisting, baseline: m.rawExisting, baselineName: 'raw postgres → select 1', aim: { op: '≤', value: AIMS.existingStartMs } }),
        figure({ id: 'start.nextReady', section: S, name: '  of which: spawn → Next prints "Ready"', value: m.nextReady, baseline: m.bare, baselineName: 'bare node http server' })
      )
    }
  }

  // §2, §3, §5, §6 on one app and one project.
  if (['sql', 'rows', 'browser'].some(want)) {
    const { app } = await freshApp('app')
    const project = await setUpProject(app.url, { tag: 'main' })
    details.provisionMs = Math.round(project.provisionMs)
    log(`app up at ${app.url}; project ${project.ref} active in ${details.provisionMs} ms`)

    if (want('sql')) {
      log('§2 SQL endpoint vs raw pg: select 1')
      const sql = await section('sql', () => benchSql({ app, project, runs: settings.select1Runs, warmup: settings.select1Warmup }))
      if (sql) {
        details.sql = sql
        const raw = `raw pg (${sql.rawDatabase})`
        const s = sql.select1
        const S = `§2 select 1, SQL endpoint vs raw pg driver on the same server (${settings.select1Runs} calls each, interleaved)`
        figures.push(
          figure({ id: 'sql.select1.p50', section: S, name: 'select 1, p50 (API)', value: s.api.p50, baseline: s.raw.p50, baselineName: raw, aim: { op: '≤', delta: AIMS.select1AddedMs } }),
          figure({ id: 'sql.select1.p95', section: S, name: 'select 1, p95 (API)', value: s.api.p95, baseline: s.raw.p95, baselineName: raw }),
          figure({ id: 'sql.select1.named.p50', section: S, name: '  same, named (query_id, as the SQL editor runs), p50', value: s.apiNamed.p50, baseline: s.raw.p50, baselineName: raw }),
          figure({ id: 'sql.floor.noDb.p50', section: S, name: '  API floor: GET /api/get-utc-time, p50', value: s.apiNoDb.p50, baseline: s.raw.p50, baselineName: raw }),
          figure({ id: 'sql.floor.authLookup.p50', section: S, name: '  API floor: GET /platform/projects/{ref}, p50', value: s.apiAuthLookup.p50, baseline: s.raw.p50, baselineName: raw }),
          figure({ id: 'sql.floor.bareHttp.p50', section: S, name: '  HTTP floor: a bare node:http server, p50', value: s.bareHttp.p50, baseline: s.raw.p50, baselineName: raw }),
          figure({ id: 'sql.client.fetch.p50', section: S, name: "  the same with Node's fetch as client, p50", value: s.bareFetch.p50, baseline: s.bareHttp.p50, baselineName: 'node:http client' })
        )
      }
    }

    if (want('rows')) {
      log(`§3 ${settings.rows.toLocaleString('en-US')} rows through the SQL endpoint vs raw pg`)
      const rows = await section('rows', () => benchRows({ app, project, rows: settings.rows, runs: settings.rowsRuns, warmup: settings.rowsWarmup }))
      if (rows) {
        details.rows = rows
        const b = rows.byTarget
        const raw = 'raw pg, rows as objects'
        const S = `§3 ${rows.rows.toLocaleString('en-US')} rows × 3 columns, SQL endpoint vs raw pg driver on the same server (median of ${settings.rowsRuns}, interleaved)`
        figures.push(
          figure({ id: 'rows.api.p50', section: S, name: 'API, one JSON answer (gzip, as fetch asks) + res.json()', value: b.api.p50, baseline: b.raw.p50, baselineName: raw, aim: { op: '≤', ratio: AIMS.rowsRatio } }),
          figure({ id: 'rows.apiIdentity.p50', section: S, name: '  same, Accept-Encoding: identity (no gzip)', value: b.apiIdentity.p50, baseline: b.raw.p50, baselineName: raw }),
          figure({ id: 'rows.apiNdjson.p50', section: S, name: '  format=ndjson (streamed, as the SQL editor reads it)', value: b.apiNdjson.p50, baseline: b.raw.p50, baselineName: raw }),
          // The one-piece answer's stages: what a client waits for before it can parse, and the parse.
          figure({ id: 'rows.json.headers.p50', section: S, name: '  one JSON answer: until its headers (every row read, body built)', value: rows.jsonStages.headers.p50, baseline: b.raw.p50, baselineName: raw }),
          figure({ id: 'rows.json.body.p50', section: S, name: '  one JSON answer: then its body received', value: rows.jsonStages.body.p50, baseline: b.raw.p50, baselineName: raw }),
          figure({ id: 'rows.json.parse.p50', section: S, name: '  one JSON answer: then JSON.parse alone', value: rows.jsonStages.parse.p50, baseline: b.raw.p50, baselineName: raw })
        )
      }
    }

    if (want('browser')) {
      const browser = await section('browser', () => launchBrowser())
      if (browser) {
        log(`§5 streamed results in the SQL editor: ${settings.streamSizes.map((n) => n.toLocaleString('en-US')).join(', ')} rows`)
        const stream = await section('stream', () => benchStream({ browser, app, project, sizes: settings.streamSizes, runs: settings.streamRuns, heapRuns: settings.heapRuns }))
        if (stream) {
          details.stream = stream
          const S = `§5 SQL editor in Chromium, streamed results (median of ${settings.streamRuns})`
          const raw = 'raw pg driver, all rows'
          for (const [n, m] of Object.entries(stream.bySize)) {
            const rows = Number(n).toLocaleString('en-US')
            figures.push(
              figure({ id: `ui.stream.${n}.first`, section: S, name: `${rows} rows: Run → first rows painted`, value: m.median.firstMs, baseline: m.median.rawMs, baselineName: raw }),
              figure({ id: `ui.stream.${n}.last`, section: S, name: `${rows} rows: Run → last row reachable`, value: m.median.lastMs, baseline: m.median.rawMs, baselineName: raw })
            )
          }
          figures.push(
            figure({ id: 'ui.stream.heap', section: S, name: `JS heap after GC after run ${stream.heap.length} of ${stream.heapRows.toLocaleString('en-US')} rows`, value: stream.heap.at(-1), baseline: stream.heap[0], baselineName: 'after run 1', unit: 'bytes' })
          )
        }
        log('§6 script bytes')
        const bytes = await section('bytes', () => benchScriptBytes({ browser, app, project }))
        if (bytes) {
          details.scriptBytes = bytes
          const S = '§6 JavaScript over the wire, cold cache, signed in'
          const n = (r) => `${r.count} files`
          figures.push(
            figure({ id: 'js.projects.transferred', section: S, name: `/projects, transferred (${n(bytes.projects)})`, value: bytes.projects.transferred, baseline: bytes.notFound.transferred, baselineName: `/404 (${n(bytes.notFound)})`, unit: 'bytes' }),
            figure({ id: 'js.projects.uncompressed', section: S, name: '/projects, uncompressed', value: bytes.projects.uncompressed, baseline: bytes.notFound.uncompressed, baselineName: '/404', unit: 'bytes' }),
            figure({ id: 'js.sqlEditor.transferred', section: S, name: `/project/{ref}/sql/new, transferred (${n(bytes.sqlEditor)})`, value: bytes.sqlEditor.transferred, baseline: bytes.notFound.transferred, baselineName: '/404', unit: 'bytes' }),
            figure({ id: 'js.sqlEditor.uncompressed', section: S, name: '/project/{ref}/sql/new, uncompressed', value: bytes.sqlEditor.uncompressed, baseline: bytes.notFound.uncompressed, baselineName: '/404', unit: 'bytes' })
          )
        }
        await browser.close().catch(() => {})
      }
    }
    await app.stop()
  }

  // §4 on an app of its own, so that its memory is that of these projects alone.
  if (want('load')) {
    const { projects, clients, seconds } = settings
    log(`§4 ${projects} projects × ${clients} clients, ${seconds} s: SQL endpoint vs raw pg, and the platform's memory`)
    const result = await section('load', async () => {
      const { app, idleMemory } = await freshApp('app (load)')
      try {
        return await benchLoad({ app, idleMemory, projects, clients, seconds, warmupSeconds: settings.warmupSeconds, rawPoolSize: settings.rawPoolSize })
      } finally {
        await app.stop()
      }
    })
    if (result) {
      details.load = result
      const S = `§4 ${projects} projects × ${clients} clients, select 1 on a random project, ${seconds} s each`
      const raw = `raw pg, a pool of ${result.rawPoolSize} per project`
      const errorNote = (r) => (r.errors ? `${r.errors} errors: ${r.firstError}` : undefined)
      const idle = 'platform started, no project'
      figures.push(
        figure({ id: 'load.rps', section: S, name: 'requests per second (API)', unit: 'req/s', value: result.api.perSecond, baseline: result.raw.perSecond, baselineName: raw, aim: { op: '≥', value: AIMS.requestsPerSecond }, note: errorNote(result.api) }),
        figure({ id: 'load.p99', section: S, name: 'p99 (API)', value: result.api.p99, baseline: result.raw.p99, baselineName: raw, aim: { op: '<', value: AIMS.p99Ms } }),
        figure({ id: 'load.rss', section: S, name: `platform memory, peak, sum of RSS (app + ${result.api.peakMemory.postgres.processes} postgres)`, unit: 'bytes', value: result.api.peakMemory.rss, baseline: result.idleMemory.rss, baselineName: idle, aim: { op: '<', value: AIMS.memoryBytes } }),
        figure({ id: 'load.pss', section: S, name: '  same, sum of PSS (shared memory counted once)', unit: 'bytes', value: result.api.peakMemory.pss, baseline: result.idleMemory.pss, baselineName: idle })
      )
    }
  }

  // §7 on an app of its own: its PostgREST processes stop after a short idle time.
  if (want('dataapi')) {
    const { dataApiProjects: projects, dataApiRuns: runs, dataApiColdRuns: coldRuns } = settings
    log(`§7 data API: one-row select through the platform's URL vs PostgREST directly; stopped → first answer; memory of ${projects} PostgREST processes`)
    const result = await section('dataapi', async () => {
      const app = await startDataApiApp()
      try {
        return await benchDataApi({ app, projects, runs, warmup: settings.dataApiWarmup, coldRuns })
      } finally {
        await app.stop()
      }
    })
    if (result) {
      details.dataApi = result
      const w = result.warm
      const direct = "the project's PostgREST on its socket"
      const S = `§7a GET /rest/v1/items?id=eq.1 (anon key, one row), {site}/p/{ref}/rest/v1 vs PostgREST directly (${runs} calls each, interleaved)`
      const S2 = `§7b first request to a project whose PostgREST is stopped (idle stop), ${coldRuns} samples`
      const S3 = `§7c memory, ${projects} projects' data APIs running`
      const m = result.memory
      figures.push(
        figure({ id: 'dataApi.select.p50', section: S, name: 'platform URL, p50', value: w.api.p50, baseline: w.direct.p50, baselineName: direct, aim: { op: '≤', delta: AIMS.dataApiAddedMs } }),
        figure({ id: 'dataApi.select.p99', section: S, name: 'platform URL, p99', value: w.api.p99, baseline: w.direct.p99, baselineName: direct }),
        figure({ id: 'dataApi.noRewrite.p50', section: S, name: '  same at /api/p/{ref}/rest/v1 (no Next rewrite), p50', value: w.apiNoRewrite.p50, baseline: w.direct.p50, baselineName: direct }),
        figure({ id: 'dataApi.floor.node.p50', section: S, name: '  floor: a bare Node HTTP server answering [], p50', value: w.floorNode.p50, baseline: w.direct.p50, baselineName: direct }),
        figure({ id: 'dataApi.floor.app.p50', section: S, name: '  floor: GET /api/get-utc-time (Next API route), p50', value: w.floorApp.p50, baseline: w.direct.p50, baselineName: direct }),
        figure({ id: 'dataApi.floor.gate.p50', section: S, name: '  floor: the gate alone (wrong key signature → 401), p50', value: w.floorGate.p50, baseline: w.direct.p50, baselineName: direct }),
        figure({ id: 'dataApi.cold.p50', section: S2, name: 'stopped → first answer, p50', value: result.cold.p50, baseline: result.running.p50, baselineName: 'the same to it running (new connection)', aim: { op: '≤', value: AIMS.dataApiColdMs } }),
        figure({ id: 'dataApi.cold.max', section: S2, name: 'stopped → first answer, slowest', value: result.cold.max, baseline: result.running.max, baselineName: 'the same to it running, slowest' }),
        figure({ id: 'dataApi.memory.pss', section: S3, name: 'PSS per PostgREST (mean)', unit: 'bytes', value: m.every.pssMean, baseline: m.alone.pss, baselineName: 'one PostgREST running alone' }),
        figure({ id: 'dataApi.memory.rss', section: S3, name: 'RSS per PostgREST (mean)', unit: 'bytes', value: m.every.rssMean, baseline: m.alone.rss, baselineName: 'one PostgREST running alone' }),
        figure({ id: 'dataApi.memory.backends', section: S3, name: `  its PostgreSQL backends (p_<ref>_api), PSS per data API (${m.every.backends.count} in all)`, unit: 'bytes', value: m.every.backends.pss / projects, baseline: m.alone.backends.pss, baselineName: `one data API running alone (${m.alone.backends.count})` }),
        figure({ id: 'dataApi.memory.perApi', section: S3, name: 'PostgREST + its backends, PSS per data API', unit: 'bytes', value: m.every.pssMean + m.every.backends.pss / projects, baseline: m.alone.pss + m.alone.backends.pss, baselineName: 'one data API running alone' }),
        figure({ id: 'dataApi.memory.platformPss', section: S3, name: `platform, sum of PSS (app, ${m.every.tree.postgres.processes} postgres, ${projects} PostgREST)`, unit: 'bytes', value: m.every.tree.pss, baseline: m.noneRunning.pss, baselineName: `no data API running (${m.noneRunning.postgres.processes} postgres)` }),
        figure({ id: 'dataApi.memory.platformRss', section: S3, name: '  same, sum of RSS', unit: 'bytes', value: m.every.tree.rss, baseline: m.noneRunning.rss, baselineName: 'no data API running' })
      )
    }
  }

  // §8 on an app of its own: a project of `backupMb` MiB.
  if (want('backups')) {
    const { backupMb: mb, backupRuns: runs } = settings
    log(`§8 backup and restore of a ${mb} MiB project through the API vs copying its files (${runs} round(s))`)
    const result = await section('backups', async () => {
      const app = await startBackupsApp()
      try {
        return await benchBackups({ app, mb, runs })
      } finally {
        await app.stop()
      }
    })
    if (result) {
      details.backups = result
      const m = result.medians
      const size = `${(result.databaseBytes / 2 ** 20).toFixed(0)} MiB`
      const S = `§8 backup and restore of a ${size} project (pg_database_size), through the API vs copying its files on the same disk (median of ${runs})`
      const cp = 'cp -r of its files (base/<oid>)'
      const template = 'CREATE DATABASE … TEMPLATE (raw)'
      figures.push(
        figure({ id: 'backups.backup', section: S, name: 'on-demand backup: POST …/backups → completed', value: m.apiBackup, baseline: m.cp, baselineName: cp }),
        figure({ id: 'backups.restore', section: S, name: 'restore: POST …/restore → ACTIVE_HEALTHY', value: m.apiRestore, baseline: m.cp, baselineName: cp }),
        figure({ id: 'backups.backup.vsTemplate', section: S, name: '  backup, against the copy it makes', value: m.apiBackup, baseline: m.templateWalLog, baselineName: template }),
        figure({ id: 'backups.restore.vsSequence', section: S, name: '  restore, against its steps done raw', value: m.apiRestore, baseline: m.restoreSequence, baselineName: 'rename aside, copy in, drop (raw)' }),
        figure({ id: 'backups.raw.template', section: S, name: '  raw CREATE DATABASE … TEMPLATE (WAL_LOG, as the platform)', value: m.templateWalLog, baseline: m.cp, baselineName: cp }),
        figure({ id: 'backups.raw.fileCopy', section: S, name: '  raw same, STRATEGY FILE_COPY', value: m.templateFileCopy, baseline: m.cp, baselineName: cp }),
        figure({ id: 'backups.raw.cpSync', section: S, name: '  cp -r and fsync of every file copied', value: m.cpSync, baseline: m.cp, baselineName: cp }),
        figure({ id: 'backups.raw.drop', section: S, name: '  raw DROP DATABASE of a copy (a restore drops the one put aside)', value: m.dropCopy, baseline: m.cp, baselineName: cp }),
        figure({ id: 'backups.wal.backup', section: S, name: 'WAL written by a backup (WAL_LOG)', unit: 'bytes', value: result.walBytes.backup, baseline: result.databaseBytes, baselineName: "the database's size" }),
        figure({ id: 'backups.wal.fileCopy', section: S, name: '  same, raw STRATEGY FILE_COPY', unit: 'bytes', value: result.walBytes.fileCopy, baseline: result.databaseBytes, baselineName: "the database's size" })
      )
    }
  }

  // §9 on an app of its own: a project's storage, files under its DATA_DIR.
  if (want('storage')) {
    const { storageMb: mb, storageRuns: runs, storageSmallRuns: smallRuns, storageConcurrent: concurrent } = settings
    log(`§9 storage: ${mb} MiB up and down through the platform's URL vs the disk; a 1 KB public object vs a bare Node server; memory with ${concurrent} uploads at once`)
    const result = await section('storage', async () => {
      const app = await startStorageApp()
      try {
        return await benchStorage({ app, mb, runs, smallRuns, concurrent })
      } finally {
        await app.stop()
      }
    })
    if (result) {
      details.storage = result
      const m = result.medians
      const S = `§9a a ${mb} MiB object through {site}/p/{ref}/storage/v1 vs the same file on the same disk (median of ${runs})`
      const S2 = `§9b a 1 KB public object, GET …/object/public/… (${smallRuns} calls each, interleaved, keep-alive)`
      const S3 = `§9c the app's memory (its Node process) with ${concurrent} uploads of ${mb} MiB at once`
      const bare = 'a bare Node server, the same bytes from a file'
      figures.push(
        figure({ id: 'storage.upload', section: S, name: 'upload (POST, streamed, stored and synced)', value: m.upload, baseline: m.copy, baselineName: 'copy of the file, then fsync' }),
        figure({ id: 'storage.download', section: S, name: 'download (GET, read to the end)', value: m.download, baseline: m.read, baselineName: 'the file read from disk' }),
        figure({ id: 'storage.download.floor', section: S, name: '  floor: a bare Node server streaming it', value: m.bareDownload, baseline: m.read, baselineName: 'the file read from disk' }),
        figure({ id: 'storage.small.p50', section: S2, name: 'platform URL, p50', value: result.small.platform.p50, baseline: result.small.bare.p50, baselineName: bare }),
        figure({ id: 'storage.small.p99', section: S2, name: 'platform URL, p99', value: result.small.platform.p99, baseline: result.small.bare.p99, baselineName: bare }),
        figure({ id: 'storage.memory.peak', section: S3, name: 'RSS at its highest during the uploads', unit: 'bytes', value: result.memory.peak.rss, baseline: result.memory.before.rss, baselineName: 'RSS before them' }),
        figure({ id: 'storage.memory.concurrentMs', section: S3, name: `  all ${concurrent} uploads done`, value: result.memory.concurrentMs, baseline: m.upload * concurrent, baselineName: `${concurrent} × one upload alone` })
      )
    }
  }

  // §10 on an app of its own: a project's realtime socket.
  if (want('realtime')) {
    const { realtimeChanges: changes, realtimeFanMessages: fanMessages, realtimeIdleSockets: idleSockets, quick } = settings
    const subscribers = quick ? [1, 10, 100] : [1, 100, 1000]
    log(`§10 realtime: commit → client with ${subscribers.join(', ')} subscribers vs a raw pgoutput slot; fan-out to 100 clients vs a bare ws relay; memory of ${idleSockets} idle sockets`)
    const result = await section('realtime', async () => {
      const app = await startRealtimeApp()
      try {
        return await benchRealtime({ app, subscribers, changes, fanMessages, idleSockets })
      } finally {
        await app.stop()
      }
    })
    if (result) {
      details.realtime = result
      const S = `§10a a database change, commit → client (${changes} inserts, anon subscribers on one table) vs pg-logical-replication reading a raw slot of the same database`
      const S2 = '§10b broadcast fan-out to 100 clients, messages delivered per second'
      const S3 = `§10c the app's memory (its Node process) with ${idleSockets} idle sockets, each joined to a channel`
      const raw = 'raw pgoutput slot (pg-logical-replication)'
      for (const l of result.latency) {
        figures.push(
          figure({ id: `realtime.latency.${l.count}.p50`, section: S, name: `${l.count} subscribers, p50`, value: l.platform.p50, baseline: l.raw.p50, baselineName: raw }),
          figure({
            id: `realtime.latency.${l.count}.p99`,
            section: S,
            name: `${l.count} subscribers, p99`,
            value: l.platform.p99,
            baseline: l.raw.p99,
            baselineName: raw,
            ...(l.count >= 1000 ? { aim: { op: '≤', value: 100 } } : {}),
          })
        )
      }
      figures.push(
        figure({ id: 'realtime.fanout', section: S2, name: 'platform socket', unit: 'msg/s', value: result.fanOut.platform, baseline: result.fanOut.bare, baselineName: 'a bare ws server relaying the frames' }),
        figure({
          id: 'realtime.memory.idle',
          section: S3,
          name: 'RSS with the sockets open',
          unit: 'bytes',
          value: result.memory.after,
          baseline: result.memory.before,
          baselineName: 'RSS before them',
          note: `${Math.round((result.memory.after - result.memory.before) / result.memory.sockets)} bytes per socket`,
        })
      )
    }
  }

  // §11 on an app of its own: its workers stop after a short idle time.
  if (want('functions')) {
    const { functionsColdRuns: coldRuns, functionsRuns: runs, functionsWarmup: warmup, functionsWorkers: workers } = settings
    log(`§11 edge functions: cold start vs a raw deno run, a warm invocation vs the raw Deno server, memory per warm worker`)
    const result = await section('functions', async () => {
      const app = await startFunctionsApp({ workers })
      try {
        return await benchFunctions({ app, coldRuns, runs, warmup, workers })
      } finally {
        await app.stop()
      }
    })
    if (result) {
      details.functions = result
      const { cold, warm, memory } = result
      const rawRun = '`deno run` of the same function'
      const rawServer = 'the raw Deno server on its port'
      const S = `§11a cold start: the first request to a stopped worker (idle stop) → its answer, vs process start → first answer of a raw deno run, ${coldRuns} samples`
      const S2 = `§11b a warm invocation, GET {site}/p/{ref}/functions/v1/hello (anon key, verify_jwt on) vs the raw Deno server (${runs} calls each, interleaved)`
      const S3 = `§11c memory of a warm worker (its Deno process) vs the raw Deno process after the same requests`
      figures.push(
        figure({ id: 'functions.cold.p50', section: S, name: 'platform, p50', value: cold.platform.p50, baseline: cold.raw.p50, baselineName: rawRun, aim: { op: '≤', value: AIMS.functionColdMs } }),
        figure({ id: 'functions.cold.slowest', section: S, name: 'platform, slowest', value: cold.slowest.platform, baseline: cold.slowest.raw, baselineName: `${rawRun}, slowest` }),
        figure({ id: 'functions.warm.p50', section: S2, name: 'platform URL, p50', value: warm.platform.p50, baseline: warm.raw.p50, baselineName: rawServer, aim: { op: '≤', delta: AIMS.functionAddedMs } }),
        figure({ id: 'functions.warm.p99', section: S2, name: 'platform URL, p99', value: warm.platform.p99, baseline: warm.raw.p99, baselineName: rawServer }),
        figure({ id: 'functions.floor.node.p50', section: S2, name: '  floor: a bare Node HTTP server, same answer, p50', value: warm.bare.p50, baseline: warm.raw.p50, baselineName: rawServer }),
        figure({ id: 'functions.floor.gate.p50', section: S2, name: '  floor: the gateway alone (forged key → 401), p50', value: warm.gate.p50, baseline: warm.raw.p50, baselineName: rawServer }),
        figure({ id: 'functions.memory.pss', section: S3, name: 'PSS of the worker', unit: 'bytes', value: memory.one.pss, baseline: memory.raw.pss, baselineName: 'PSS of the raw Deno process', note: `the sandbox's unshare beside it: ${Math.round(memory.one.wrapperPss / 1024)} KiB PSS` }),
        figure({ id: 'functions.memory.rss', section: S3, name: 'RSS of the worker', unit: 'bytes', value: memory.one.rss, baseline: memory.raw.rss, baselineName: 'RSS of the raw Deno process' }),
        figure({ id: 'functions.memory.many', section: S3, name: `  PSS per worker, ${memory.many.workers} warm at once`, unit: 'bytes', value: memory.many.pss, baseline: memory.one.pss, baselineName: 'one warm alone' })
      )
    }
  }
}

let exitCode = 0
try {
  await main()
} catch (error) {
  errors.main = error?.stack ?? String(error)
  console.error(`\nbench failed: ${error?.stack ?? error}`)
  exitCode = 1
} finally {
  log('cleaning up')
  await cleanupAll()
}
if (Object.keys(errors).length) exitCode = 1

const durationS = Math.round((performance.now() - t0) / 100) / 10
const cpus = os.cpus()
loadAverage.end = os.loadavg().map((v) => Math.round(v * 100) / 100)
const report = {
  generatedAt: new Date().toISOString(),
  durationS,
  machine: { cpus: cpus.length, cpuModel: cpus[0]?.model, memoryGiB: Math.round(os.totalmem() / GiB), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverage },
  figures,
  details,
  errors,
}
fs.mkdirSync(path.dirname(OUT), { recursive: true })
fs.writeFileSync(OUT, JSON.stringify(report, null, 2) + '\n')

const mode = settings.quick ? 'QUICK run (small sizes: a smoke test, not figures to compare)' : 'full run'
console.log(`\nFigures, ${mode} (ratio = value / baseline, both measured in this run; ${cpus.length} CPUs, Node ${process.version}, ${durationS} s in all, load average ${loadAverage.start[0]} → ${loadAverage.end[0]})\n`)
console.log(renderTable(figures))
if (details.sql) console.log(`\n${details.sql.version.split(' on ')[0]}. Raw pg connects as postgres (superuser) to ${details.sql.rawDatabase}, the project's own database on the same server; the API runs as ${details.sql.apiRole}.`)
if (details.startup) {
  const c = details.startup.buildCheck
  console.log(`\`npm start\` without SKIP_BUILD first checks whether the build is stale: ${c.ms.toFixed(0)} ms here (not in §1)${c.stale ? '; the build is stale, so it would build first' : ''}.`)
}
for (const f of figures) if (f.note) console.log(`${f.name.trim()}: ${f.note}`)
if (details.scriptBytes?.projects.fetchedTwice) {
  const b = details.scriptBytes.projects
  console.log(`/projects: ${b.fetchedTwice} script URL(s) went over the wire twice (${b.duplicateTransferred} B more, not in the figure).`)
}
if (Object.keys(errors).length) console.log(`\nSections that failed: ${Object.keys(errors).join(', ')} (see above; details in bench/out/latest.json)`)
console.log(`\nJSON: ${path.relative(process.cwd(), OUT) || OUT}`)
process.exit(exitCode)
