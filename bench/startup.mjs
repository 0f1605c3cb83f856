// §1: `npm start` to its first answer, on a fresh DATA_DIR (the server's initdb, the control
// plane's migrations) and on an existing one. Spawns `node scripts/start.mjs` (SKIP_BUILD=true:
// the existing build) and polls GET /api/get-utc-time every 10 ms until it answers 200: every API
// route waits for the platform, so that answer means the server is up and migrated. Baselines,
// measured interleaved in the same run: the same PostgreSQL binaries started raw (initdb +
// `postgres` with the platform's settings, as the same account, until a first `select 1`
// answers; and `postgres` alone on an existing cluster), and a bare Node HTTP server spawned and
// polled like the app (for Next's own share).
import pg from 'pg'
import { needsBuild } from '../scripts/build-if-needed.mjs'
import { rawCluster } from './lib/engine.mjs'
import { appEnv, cleanEnv, makeTempDir, spawnGroup, waitFor200 } from './lib/proc.mjs'
import { freePort, log, median } from './lib/util.mjs'

const READY = /Ready in/i

async function appStart(dataDir) {
  const port = await freePort()
  const t0 = performance.now()
  const proc = spawnGroup(process.execPath, ['scripts/start.mjs'], { label: 'npm start (start-up bench)', env: appEnv({ port, dataDir }) })
  proc.watch(READY)
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/get-utc-time`, proc, { intervalMs: 10, timeoutMs: 120_000 })
    const ms = performance.now() - t0
    const ready = proc.seenAt(READY)
    return { ms, nextReadyMs: ready === null ? null : ready - t0 }
  } finally {
    await proc.stop()
  }
}

async function bareStart() {
  const port = await freePort()
  const t0 = performance.now()
  const proc = spawnGroup(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port})`], { label: 'bare http server', env: cleanEnv() })
  try {
    await waitFor200(`http://127.0.0.1:${port}/`, proc, { intervalMs: 10, timeoutMs: 60_000 })
    return { ms: performance.now() - t0 }
  } finally {
    await proc.stop()
  }
}

/** initdb (fresh only), `postgres` until ready, then a connection and `select 1`; stopped after. */
async function rawStart(cluster, { fresh }) {
  const t0 = performance.now()
  if (fresh) await cluster.init()
  const initMs = performance.now() - t0
  await cluster.start()
  try {
    const client = new pg.Client({ connectionString: cluster.url })
    client.on('error', () => {})
    await client.connect()
    await client.query('select 1')
    const ms = performance.now() - t0
    await client.end()
    return { ms, initMs: fresh ? initMs : null }
  } finally {
    await cluster.stop()
  }
}

/**
 * `warm`: first make the existing DATA_DIR and cluster in unmeasured starts (which also warms the
 * binaries and the file cache for every side); without it (quick runs) the first measured fresh
 * start's DATA_DIR and cluster serve as the existing ones.
 */
export async function benchStartup({ runs, warm = true }) {
  const r = { appFresh: [], appExisting: [], rawFresh: [], rawExisting: [], bare: [] }
  await bareStart()
  let existingRaw = null
  let existingApp = null
  if (warm) {
    existingRaw = rawCluster({ dir: makeTempDir('bench-raw-existing-') })
    await rawStart(existingRaw, { fresh: true })
    existingApp = makeTempDir('bench-start-existing-')
    await appStart(existingApp)
  }

  for (let i = 0; i < runs; i++) {
    const freshRaw = rawCluster({ dir: makeTempDir('bench-raw-fresh-') })
    const freshApp = makeTempDir('bench-start-fresh-')
    existingRaw ??= freshRaw
    existingApp ??= freshApp
    // Fresh before existing (the first fresh start may make the existing ones); within each pair
    // the side that goes first alternates, so neither always meets the warmer machine.
    const pairs = [
      [async () => r.rawFresh.push(await rawStart(freshRaw, { fresh: true })), async () => r.appFresh.push(await appStart(freshApp))],
      [async () => r.rawExisting.push(await rawStart(existingRaw, { fresh: false })), async () => r.appExisting.push(await appStart(existingApp))],
    ]
    for (const pair of pairs) for (const run of i % 2 === 0 ? pair : [...pair].reverse()) await run()
    r.bare.push(await bareStart())
    const ms = (v) => `${v.ms.toFixed(0)} ms`
    log(`  start ${i + 1}/${runs}: fresh DATA_DIR ${ms(r.appFresh.at(-1))} (raw initdb + postgres ${ms(r.rawFresh.at(-1))}); existing ${ms(r.appExisting.at(-1))} (raw postgres ${ms(r.rawExisting.at(-1))}); Next "Ready" at ${r.appExisting.at(-1).nextReadyMs?.toFixed(0) ?? '?'} ms; bare node ${ms(r.bare.at(-1))}`)
  }

  // What `npm start` without SKIP_BUILD adds: the walk over the sources that decides whether to build.
  const t0 = performance.now()
  const stale = needsBuild()
  const buildCheckMs = performance.now() - t0

  const med = (list, key = 'ms') => median(list.map((v) => v[key]).filter((v) => v !== null))
  return {
    runs: r,
    buildCheck: { ms: buildCheckMs, stale },
    median: {
      appFresh: med(r.appFresh),
      appExisting: med(r.appExisting),
      nextReady: med(r.appExisting, 'nextReadyMs'),
      rawFresh: med(r.rawFresh),
      rawFreshInitdb: med(r.rawFresh, 'initMs'),
      rawExisting: med(r.rawExisting),
      bare: med(r.bare),
    },
  }
}
