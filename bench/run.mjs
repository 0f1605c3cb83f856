#!/usr/bin/env node
// `npm run bench`: performance figures of the dashboard and its built-in platform, each printed
// as a ratio against a baseline measured in the same run. Never pass/fail. See bench/README.md.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startCluster } from '../scripts/pg-cluster.mjs'
import { benchScriptBytes, launchBrowser } from './browser.mjs'
import { benchStream } from './stream.mjs'
import { setUpProject } from './lib/api.mjs'
import { buildIfStale } from './lib/build.mjs'
import { assertNotAborting, cleanupAll, installSignalHandlers, onCleanup } from './lib/cleanup.mjs'
import { makeTempDir, startApp } from './lib/proc.mjs'
import { figure, renderTable } from './lib/report.mjs'
import { log, root } from './lib/util.mjs'
import { benchSql } from './sql.mjs'
import { benchStartup } from './startup.mjs'
import { benchManyProjects } from './many-projects.mjs'

const OUT = path.join(root, 'bench', 'out', 'latest.json')

installSignalHandlers()
const t0 = performance.now()
// Other work on the machine skews every figure: the load average goes into the report.
const loadAverage = { start: os.loadavg().map((v) => Math.round(v * 100) / 100) }
const details = {}
const errors = {}
const figures = []

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

async function main() {
  // 1. Build, a throwaway PostgreSQL, two app instances (server-backed and embedded projects).
  details.build = await buildIfStale()
  log(details.build.built ? `built in ${(details.build.ms / 1000).toFixed(1)} s` : `build is up to date${details.build.ms > 1000 ? ` (after waiting ${(details.build.ms / 1000).toFixed(0)} s for another build)` : ''}`)

  assertNotAborting()
  const cluster = await startCluster()
  onCleanup('stop PostgreSQL cluster', () => cluster.stop(), () => cluster.stop())
  log(`PostgreSQL cluster on port ${cluster.port}`)

  const serverData = makeTempDir('bench-data-server-')
  const embeddedData = makeTempDir('bench-data-embedded-')
  const [serverApp, embeddedApp] = await Promise.all([
    startApp({ label: 'app (projects on PostgreSQL)', dataDir: serverData, env: { PROJECT_DB_SERVERS: `*=${cluster.url}` } }),
    startApp({ label: 'app (embedded projects)', dataDir: embeddedData }),
  ])
  log(`apps up: ${serverApp.url} (PROJECT_DB_SERVERS), ${embeddedApp.url} (embedded PGlite)`)
  const [serverProject, embeddedProject] = await Promise.all([
    setUpProject(serverApp.url, { tag: 'server' }),
    setUpProject(embeddedApp.url, { tag: 'embedded' }),
  ])
  details.provisionMs = { server: Math.round(serverProject.provisionMs), embedded: Math.round(embeddedProject.provisionMs) }
  log(`projects active: ${serverProject.ref} (server, ${details.provisionMs.server} ms), ${embeddedProject.ref} (embedded, ${details.provisionMs.embedded} ms)`)
  const server = { ...serverProject, url: serverApp.url }
  const embedded = { ...embeddedProject, url: embeddedApp.url }

  // 2. SQL API vs raw pg.
  log('§2 SQL API vs raw pg')
  const sql = await section('sql', () => benchSql({ server, embedded, clusterUrl: cluster.url }))
  if (sql) {
    details.sql = sql
    const raw = `raw pg (${sql.rawDatabase})`
    const S = '§2 SQL API vs raw pg driver, same PostgreSQL 15 (API over HTTP on 127.0.0.1, keep-alive)'
    figures.push(
      figure({ id: 'sql.select1.p50', section: S, name: 'select 1, p50 (API → PostgreSQL)', value: sql.select1.apiServer.p50, baseline: sql.select1.raw.p50, baselineName: raw }),
      figure({ id: 'sql.select1.p95', section: S, name: 'select 1, p95 (API → PostgreSQL)', value: sql.select1.apiServer.p95, baseline: sql.select1.raw.p95, baselineName: raw }),
      figure({ id: 'sql.floor.noDb.p50', section: S, name: '  API floor: GET /api/get-utc-time, p50', value: sql.select1.apiNoDb.p50, baseline: sql.select1.raw.p50, baselineName: raw }),
      figure({ id: 'sql.floor.authLookup.p50', section: S, name: '  API floor: GET /platform/projects/{ref}, p50', value: sql.select1.apiAuthLookup.p50, baseline: sql.select1.raw.p50, baselineName: raw }),
      figure({ id: 'sql.rows100k.p50', section: S, name: '100k rows, p50 (API → PostgreSQL)', value: sql.rows100k.apiServer.p50, baseline: sql.rows100k.raw.p50, baselineName: raw }),
      figure({ id: 'sql.rows100k.identity.p50', section: S, name: '  same, Accept-Encoding: identity (no gzip)', value: sql.rows100k.apiServerIdentity.p50, baseline: sql.rows100k.raw.p50, baselineName: raw }),
      figure({ id: 'sql.embedded.select1.p50', section: S, name: 'select 1, p50 (API → embedded PGlite)', value: sql.select1.apiEmbedded.p50, baseline: sql.select1.raw.p50, baselineName: raw }),
      figure({ id: 'sql.embedded.select1.p95', section: S, name: 'select 1, p95 (API → embedded PGlite)', value: sql.select1.apiEmbedded.p95, baseline: sql.select1.raw.p95, baselineName: raw }),
      figure({ id: 'sql.embedded.rows100k.p50', section: S, name: '100k rows, p50 (API → embedded PGlite)', value: sql.rows100k.apiEmbedded.p50, baseline: sql.rows100k.raw.p50, baselineName: raw })
    )
  }

  // 3 and 4. Chromium.
  const browser = await section('browser', () => launchBrowser())
  if (browser) {
    log('§3 streamed results: Run → first rows / last row, 10k, 100k, 1M rows; heap over five 1M runs')
    const stream = await section('stream', () => benchStream({ browser, app: serverApp, project: server, clusterUrl: cluster.url }))
    if (stream) {
      details.stream = stream
      const S = '§3 SQL editor in Chromium, streamed results, project on PostgreSQL (median of 3)'
      const raw = 'raw pg driver, all rows'
      for (const [n, m] of Object.entries(stream.bySize)) {
        const rows = Number(n).toLocaleString('en-US')
        figures.push(
          figure({ id: `ui.stream.${n}.first`, section: S, name: `${rows} rows: Run → first rows painted`, value: m.median.firstMs, baseline: m.median.rawMs, baselineName: raw }),
          figure({ id: `ui.stream.${n}.last`, section: S, name: `${rows} rows: Run → last row reachable`, value: m.median.lastMs, baseline: m.median.rawMs, baselineName: raw })
        )
      }
      figures.push(
        figure({
          id: 'ui.stream.heap',
          section: S,
          name: `JS heap after GC after run ${stream.heap.length} of ${stream.heapRows.toLocaleString('en-US')} rows`,
          value: stream.heap.at(-1),
          baseline: stream.heap[0],
          baselineName: 'after run 1',
          unit: 'bytes',
        })
      )
    }
    log('§4 script bytes')
    const bytes = await section('bytes', () => benchScriptBytes({ browser, app: serverApp, project: server }))
    if (bytes) {
      details.scriptBytes = bytes
      const S = '§4 JavaScript over the wire, cold cache, signed in'
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

  // 5. Startup, on the embedded instance's data dir (stopped first: one PGlite per data dir).
  await Promise.all([serverApp.stop(), embeddedApp.stop()])
  log('§5 npm start → first answer (3 runs each)')
  const startup = await section('startup', () => benchStartup({ dataDir: embeddedData, runs: 3 }))
  if (startup) {
    details.startup = startup
    const S = '§5 Start-up, existing build and DATA_DIR (median of 3)'
    figures.push(
      figure({ id: 'start.apiConfig', section: S, name: 'spawn `node scripts/start.mjs` → GET /api/config 200', value: startup.median.ms, baseline: startup.median.bareMs, baselineName: 'bare node http server' }),
      figure({ id: 'start.nextReady', section: S, name: '  of which: spawn → Next prints "Ready"', value: startup.median.nextReadyMs, baseline: startup.median.bareMs, baselineName: 'bare node http server' })
    )
  }

  // 6. Many embedded projects under load.
  log('§6 many embedded projects under load')
  const many = await section('manyProjects', () => benchManyProjects({ dataDir: makeTempDir('bench-data-many-') }))
  if (many) {
    details.manyProjects = many
    const S = `§6 ${many.clients} clients, select 1 on random embedded projects, ${many.seconds} s each`
    const base = `${many.fewProjects} projects`
    const rps = (r) => ({ unit: 'req/s', value: r.perSecond, baseline: many.few.perSecond, baselineName: base })
    figures.push(
      figure({ id: 'many.rps', section: S, name: `${many.projects} projects, requests per second`, ...rps(many.many) }),
      figure({ id: 'many.p99', section: S, name: `${many.projects} projects, p99`, value: many.many.p99, baseline: many.few.p99, baselineName: base }),
      figure({ id: 'many.rss', section: S, name: `${many.projects} projects open, peak memory (RSS)`, unit: 'bytes', value: many.many.peakRss, baseline: many.capped.peakRss, baselineName: 'at most 5 open' }),
      figure({ id: 'many.capped.rps', section: S, name: `${many.projects} projects, at most 5 open, requests per second`, ...rps(many.capped) }),
      figure({ id: 'many.capped.p99', section: S, name: `${many.projects} projects, at most 5 open, p99`, value: many.capped.p99, baseline: many.few.p99, baselineName: base })
    )
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
  machine: { cpus: cpus.length, cpuModel: cpus[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverage },
  figures,
  details,
  errors,
}
fs.mkdirSync(path.dirname(OUT), { recursive: true })
fs.writeFileSync(OUT, JSON.stringify(report, null, 2) + '\n')

console.log(`\nFigures (ratio = value / baseline, both measured in this run; ${cpus.length} CPUs, Node ${process.version}, ${durationS} s in all, load average ${loadAverage.start[0]} → ${loadAverage.end[0]})\n`)
console.log(renderTable(figures))
if (details.sql) console.log(`\nraw pg connects as postgres (superuser) to ${details.sql.rawDatabase}, the project's own database on the same cluster; the API runs as ${details.sql.apiRole}.`)
if (details.scriptBytes?.projects.fetchedTwice) {
  const b = details.scriptBytes.projects
  console.log(`/projects: ${b.fetchedTwice} script URL(s) went over the wire twice (${b.duplicateTransferred} B more, not in the figure).`)
}
if (Object.keys(errors).length) console.log(`\nSections that failed: ${Object.keys(errors).join(', ')} (see above; details in bench/out/latest.json)`)
console.log(`\nJSON: ${path.relative(process.cwd(), OUT) || OUT}`)
process.exit(exitCode)
