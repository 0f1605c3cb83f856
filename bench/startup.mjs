// §5: `npm start` to first answer. Spawns `node scripts/start.mjs` (SKIP_BUILD=true, the existing
// build and an existing DATA_DIR) and polls GET /api/config until it answers 200; the baseline is
// a bare Node HTTP server spawned and polled the same way. Runs alternate baseline / app.
import { cleanEnv, spawnGroup, waitFor200 } from './lib/proc.mjs'
import { freePort, log, median } from './lib/util.mjs'

const READY = /Ready in/i

async function once(kind, dataDir) {
  const port = await freePort()
  const t0 = performance.now()
  const proc =
    kind === 'app'
      ? spawnGroup(process.execPath, ['scripts/start.mjs'], {
          label: 'npm start (startup bench)',
          env: cleanEnv({ PORT: String(port), LISTEN_HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: 'true', NEXT_PUBLIC_IS_PLATFORM: 'true' }),
        })
      : spawnGroup(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port})`], { label: 'bare http server', env: cleanEnv() })
  proc.watch(READY)
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/config`, proc, { intervalMs: 10, timeoutMs: 60_000 })
    const ms = performance.now() - t0
    const ready = proc.seenAt(READY)
    return { ms, nextReadyMs: ready === null ? null : ready - t0 }
  } finally {
    await proc.stop()
  }
}

export async function benchStartup({ dataDir, runs = 3 }) {
  const app = []
  const bare = []
  await once('bare', dataDir) // warm the node binary and the file cache for both
  for (let i = 0; i < runs; i++) {
    bare.push(await once('bare', dataDir))
    app.push(await once('app', dataDir))
    log(`  start ${i + 1}/${runs}: npm start → /api/config 200 in ${app.at(-1).ms.toFixed(0)} ms (Next "Ready" at ${app.at(-1).nextReadyMs?.toFixed(0) ?? '?'} ms); bare server ${bare.at(-1).ms.toFixed(0)} ms`)
  }
  return {
    app,
    bare,
    median: {
      ms: median(app.map((r) => r.ms)),
      nextReadyMs: median(app.map((r) => r.nextReadyMs).filter((v) => v !== null)),
      bareMs: median(bare.map((r) => r.ms)),
    },
  }
}
