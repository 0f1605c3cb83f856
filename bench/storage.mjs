// §9: a project's storage (server/storage), through the platform's URL as supabase-js calls it,
// against the same work done without the platform on the same machine and disk:
//   - a large upload (`POST /p/{ref}/storage/v1/object/{bucket}/{name}`, the file streamed with its
//     length) against copying the file on the same disk and syncing the copy (the platform syncs
//     every object it stores);
//   - its download (GET, the body read to the end) against reading the file from disk, and (its
//     HTTP floor) against a bare Node server streaming the same file to the same client;
//   - a small public object (1 KB, `GET …/object/public/…`, no key), p50 and p99 over keep-alive
//     connections, against a bare Node HTTP server answering the same bytes from a file;
//   - the app's memory (its Node process, postgres excluded) at its highest while `concurrent`
//     large uploads go at once, against its memory before them: bytes are streamed, never held.
// Warm: the file was just written, so the OS page cache holds it for every side.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { call, setUpProject } from './lib/api.mjs'
import { treeMemory } from './lib/engine.mjs'
import { keepAliveAgent, send } from './lib/http-client.mjs'
import { makeTempDir, startApp } from './lib/proc.mjs'
import { log, median, percentile } from './lib/util.mjs'

const MiB = 2 ** 20

export function startStorageApp() {
  return startApp({ label: 'app (storage)', dataDir: makeTempDir('bench-data-') })
}

/** A file of `bytes` random bytes (random: nothing on the way can compress it). */
function randomFile(dir, name, bytes) {
  const file = path.join(dir, name)
  const out = fs.openSync(file, 'w')
  for (let left = bytes; left > 0; left -= MiB) fs.writeSync(out, crypto.randomBytes(Math.min(MiB, left)))
  fs.closeSync(out)
  return file
}

async function timed(fn) {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

/** Streams `file` as the body of a request; answers the status once the whole answer came. */
function upload(url, file, headers) {
  const size = fs.statSync(file).size
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': size, 'content-type': 'application/octet-stream' } }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`upload → ${res.statusCode}: ${body.slice(0, 300)}`))))
    })
    req.on('error', reject)
    fs.createReadStream(file).pipe(req)
  })
}

/** GETs `url` and reads its body to the end, counting it. */
function download(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0
        res.on('data', (c) => (bytes += c.length))
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`download → ${res.statusCode}`))))
      })
      .on('error', reject)
  })
}

/** The disk's side of an upload: the file copied by streams, then the copy synced. */
async function copyAndSync(file, target) {
  await pipeline(fs.createReadStream(file), fs.createWriteStream(target))
  const handle = await fs.promises.open(target, 'r')
  await handle.sync()
  await handle.close()
  await fs.promises.rm(target)
}

/** The disk's side of a download: the file read to the end. */
async function readWhole(file) {
  let bytes = 0
  for await (const chunk of fs.createReadStream(file)) bytes += chunk.length
  return bytes
}

const appMemory = (pid) => {
  const tree = treeMemory(pid)
  return { rss: tree.rss - tree.postgres.rss, pss: tree.pss - tree.postgres.pss }
}

export async function benchStorage({ app, mb, runs, smallRuns, concurrent }) {
  const dir = makeTempDir('bench-storage-')
  const { token, ref } = await setUpProject(app.url, { tag: 'storage' })
  const keys = await call(app.url, 'GET', `/api/platform/projects/${ref}/api-settings?reveal=true`, { token })
  const service = { apikey: keys.service_role_key, authorization: `Bearer ${keys.service_role_key}` }
  const storage = `${app.url}/p/${ref}/storage/v1`
  const made = await fetch(`${storage}/bucket`, { method: 'POST', headers: { ...service, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench', public: true }) })
  if (!made.ok) throw new Error(`bucket → ${made.status}: ${await made.text()}`)

  const big = randomFile(dir, 'big.bin', mb * MiB)
  // The HTTP floor of a download: a bare Node server streaming the same file to the same client.
  const streamer = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': mb * MiB })
    fs.createReadStream(big, { highWaterMark: MiB }).pipe(res)
  })
  await new Promise((resolve) => streamer.listen(0, '127.0.0.1', resolve))
  const streamerUrl = `http://127.0.0.1:${streamer.address().port}/big.bin`
  const uploads = []
  const copies = []
  const downloads = []
  const reads = []
  const bareDownloads = []
  for (let i = 0; i < runs; i++) {
    log(`  §9 round ${i + 1}/${runs}: ${mb} MiB up and down`)
    // Alternated, so neither side always runs on a cache the other just warmed.
    const name = `big-${i}.bin`
    const sides = [
      async () => uploads.push(await timed(() => upload(`${storage}/object/bench/${name}`, big, service))),
      async () => copies.push(await timed(() => copyAndSync(big, path.join(dir, `copy-${i}.bin`)))),
    ]
    for (const side of i % 2 ? sides.reverse() : sides) await side()
    const gets = [
      async () => downloads.push(await timed(async () => {
        if ((await download(`${storage}/object/bench/${name}`, service)) !== mb * MiB) throw new Error('download was short')
      })),
      async () => reads.push(await timed(() => readWhole(big))),
      async () => bareDownloads.push(await timed(() => download(streamerUrl, {}))),
    ]
    for (const side of i % 2 ? gets.reverse() : gets) await side()
  }

  streamer.close()

  // A small public object, against a bare Node server answering the same bytes from a file.
  const small = randomFile(dir, 'small.bin', 1024)
  await upload(`${storage}/object/bench/small.bin`, small, service)
  const bare = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 1024 })
    fs.createReadStream(small).pipe(res)
  })
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${bare.address().port}/small.bin`
  const publicUrl = `${storage}/object/public/bench/small.bin`
  const agent = keepAliveAgent(1)
  const platformTimes = []
  const bareTimes = []
  for (let i = 0; i < smallRuns + 20; i++) {
    for (const [url, into] of i % 2 ? [[publicUrl, platformTimes], [bareUrl, bareTimes]] : [[bareUrl, bareTimes], [publicUrl, platformTimes]]) {
      const t0 = performance.now()
      const { status, body } = await send(agent, url)
      const ms = performance.now() - t0
      if (status !== 200 || body.length !== 1024) throw new Error(`small GET ${url} → ${status}, ${body.length} bytes`)
      if (i >= 20) into.push(ms) // the first 20 of each warm the path
    }
  }
  agent.destroy()
  bare.close()

  // Memory while `concurrent` large uploads go at once.
  const pid = app.proc.child.pid
  const before = appMemory(pid)
  let peak = before
  const sampler = setInterval(() => {
    const now = appMemory(pid)
    if (now.rss > peak.rss) peak = now
  }, 50)
  const concurrentMs = await timed(() => Promise.all(Array.from({ length: concurrent }, (_, i) => upload(`${storage}/object/bench/at-once-${i}.bin`, big, service))))
  clearInterval(sampler)
  fs.rmSync(dir, { recursive: true, force: true })

  return {
    mb,
    runs,
    concurrent,
    medians: { upload: median(uploads), copy: median(copies), download: median(downloads), read: median(reads), bareDownload: median(bareDownloads) },
    small: { platform: { p50: percentile(platformTimes, 50), p99: percentile(platformTimes, 99) }, bare: { p50: percentile(bareTimes, 50), p99: percentile(bareTimes, 99) } },
    memory: { before, peak, concurrentMs },
  }
}
