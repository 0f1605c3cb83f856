// §10: a project's realtime (server/realtime), through the platform's socket as realtime-js
// speaks it (Phoenix vsn 1.0.0 here: JSON, so both sides parse the same), against the same work
// done without the platform on the same machine:
//   - commit → client latency of a database change (from the moment its INSERT is sent) with 1, 100 and 1,000 subscribers (anon, one
//     channel each, one table, one RLS check per change), against `pg-logical-replication`
//     reading a raw pgoutput slot of the same database at the same time: the same commits;
//   - broadcast fan-out to 100 clients, messages delivered per second, against a bare `ws` server
//     relaying the same frames to 100 clients;
//   - the app's memory (its Node process) with 1,000 idle sockets joined to a channel, against its
//     memory before them.
import http from 'node:http'
import pg from 'pg'
import WebSocket, { WebSocketServer } from 'ws'
import { LogicalReplicationService, PgoutputPlugin } from 'pg-logical-replication'
import { call, setUpProject, apiQuery } from './lib/api.mjs'
import { engineAdminUrl, treeMemory } from './lib/engine.mjs'
import { makeTempDir, startApp } from './lib/proc.mjs'
import { log, percentile, sleep } from './lib/util.mjs'

export function startRealtimeApp() {
  return startApp({ label: 'app (realtime)', dataDir: makeTempDir('bench-data-') })
}

/** A bare Phoenix client (vsn 1.0.0): join, push, and every message to `onMessage`. */
class Phoenix {
  constructor(url) {
    this.url = url
    this.ref = 0
    this.replies = new Map()
    this.onMessage = () => undefined
  }
  open() {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(this.url)
      this.ws.on('open', resolve)
      this.ws.on('error', reject)
      this.ws.on('message', (data) => {
        const message = JSON.parse(data.toString())
        if (message.event === 'phx_reply') this.replies.get(message.ref)?.(message.payload)
        else this.onMessage(message)
      })
    })
  }
  push(topic, event, payload) {
    const ref = String(++this.ref)
    this.ws.send(JSON.stringify({ topic, event, payload, ref, join_ref: ref }))
    return ref
  }
  request(topic, event, payload) {
    return new Promise((resolve, reject) => {
      const ref = this.push(topic, event, payload)
      this.replies.set(ref, (reply) => (reply.status === 'ok' ? resolve(reply.response) : reject(new Error(JSON.stringify(reply.response)))))
    })
  }
  close() {
    this.ws.terminate()
  }
}

const socketUrl = (app, ref, key) => `${app.url.replace('http', 'ws')}/p/${ref}/realtime/v1/websocket?apikey=${key}&vsn=1.0.0`

async function openClients(count, url, at = 50) {
  const clients = []
  for (let i = 0; i < count; i += at) {
    const batch = Array.from({ length: Math.min(at, count - i) }, () => new Phoenix(url))
    await Promise.all(batch.map((c) => c.open()))
    clients.push(...batch)
  }
  return clients
}

/** Latency of `changes` inserts to `count` subscribers and to the raw slot, per insert. */
async function changeLatency({ app, ref, key, db, count, changes, nextId }) {
  const clients = await openClients(count, socketUrl(app, ref, key))
  const arrivals = new Map()
  for (const client of clients) {
    client.onMessage = (message) => {
      if (message.event !== 'postgres_changes') return
      const id = message.payload.data.record.id
      arrivals.get(id)?.push(performance.now())
    }
  }
  for (let i = 0; i < clients.length; i += 50)
    await Promise.all(clients.slice(i, i + 50).map((c) => c.request('realtime:bench', 'phx_join', { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'bench_rt' }] } })))
  const platform = []
  const raw = []
  for (let i = 0; i < changes; i++) {
    const id = nextId()
    arrivals.set(id, [])
    // From the moment the INSERT (its own transaction) is sent: both sides wait for the same commit.
    const committed = performance.now()
    await db.query('insert into public.bench_rt (id) values ($1)', [id])
    // A change that never arrives fails the section rather than holding the run.
    const giveUp = performance.now() + 30_000
    while (arrivals.get(id).length < count || db.rawArrivals.get(id) === undefined) {
      if (performance.now() > giveUp) throw new Error(`insert ${id}: ${arrivals.get(id).length} of ${count} subscribers got it, the raw slot ${db.rawArrivals.has(id) ? 'did' : 'did not'}`)
      await sleep(1)
    }
    if (i >= 3) {
      // The first few warm the path.
      for (const at of arrivals.get(id)) platform.push(at - committed)
      raw.push(db.rawArrivals.get(id) - committed)
    }
    await sleep(20)
  }
  for (const client of clients) client.close()
  await sleep(500)
  return { count, platform: { p50: percentile(platform, 50), p99: percentile(platform, 99) }, raw: { p50: percentile(raw, 50), p99: percentile(raw, 99) } }
}

/** Messages per second: `messages` broadcasts from one client reaching `receivers` others, through `url`. */
async function fanOut(url, receivers, messages, { join }) {
  const clients = await openClients(receivers + 1, url)
  const [sender, ...rest] = clients
  let received = 0
  for (const client of rest) client.onMessage = (message) => message.event === 'broadcast' && received++
  if (join) for (const client of clients) await client.request('realtime:fan', 'phx_join', { config: { broadcast: { self: false } } })
  const t0 = performance.now()
  for (let i = 0; i < messages; i++) sender.push('realtime:fan', 'broadcast', { type: 'broadcast', event: 'tick', payload: { i } })
  while (received < messages * receivers) await sleep(2)
  const seconds = (performance.now() - t0) / 1000
  for (const client of clients) client.close()
  return (messages * receivers) / seconds
}

/** A bare `ws` server relaying every frame of one client to all the others. */
async function bareRelay() {
  const server = http.createServer()
  const wss = new WebSocketServer({ server })
  wss.on('connection', (ws) => ws.on('message', (data) => {
    for (const other of wss.clients) if (other !== ws) other.send(data)
  }))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `ws://127.0.0.1:${server.address().port}`, close: () => { wss.close(); server.close() } }
}

const appMemory = (pid) => {
  const tree = treeMemory(pid)
  return tree.rss - tree.postgres.rss
}

export async function benchRealtime({ app, subscribers, changes, fanMessages, idleSockets }) {
  const { token, ref } = await setUpProject(app.url, { tag: 'realtime' })
  const keys = await call(app.url, 'GET', `/api/platform/projects/${ref}/api-settings?reveal=true`, { token })
  await apiQuery(app.url, token, ref, 'create table public.bench_rt (id bigint primary key); grant select on public.bench_rt to anon; alter publication supabase_realtime add table public.bench_rt')

  // The raw side: a slot of its own on the same database, read with pg-logical-replication.
  const adminUrl = engineAdminUrl(app.dataDir, `p_${ref}`)
  const db = new pg.Client({ connectionString: adminUrl })
  await db.connect()
  db.rawArrivals = new Map()
  await db.query("select pg_create_logical_replication_slot('bench_raw', 'pgoutput')")
  const rawService = new LogicalReplicationService({ connectionString: adminUrl }, { acknowledge: { auto: true, timeoutSeconds: 10 } })
  rawService.on('data', (_lsn, message) => {
    if (message.tag === 'insert' && message.relation.name === 'bench_rt') db.rawArrivals.set(Number(message.new.id), performance.now())
  })
  void rawService.subscribe(new PgoutputPlugin({ protoVersion: 1, publicationNames: ['supabase_realtime'] }), 'bench_raw')
  await sleep(500)

  let id = 0
  const latency = []
  for (const count of subscribers) {
    log(`  §10 latency: ${changes} inserts to ${count} subscribers`)
    latency.push(await changeLatency({ app, ref, key: keys.anon_key, db, count, changes, nextId: () => ++id }))
  }
  await rawService.destroy()
  await db.query("select pg_drop_replication_slot('bench_raw')").catch(() => undefined)
  await db.end()

  log(`  §10 fan-out: ${fanMessages} broadcasts to 100 clients, platform and bare ws`)
  const relay = await bareRelay()
  const bare = await fanOut(relay.url, 100, fanMessages, { join: false })
  relay.close()
  const platformRate = await fanOut(socketUrl(app, ref, keys.anon_key), 100, fanMessages, { join: true })

  log(`  §10 memory: ${idleSockets} idle sockets`)
  const pid = app.proc.child.pid
  await sleep(1000)
  const before = appMemory(pid)
  const idle = await openClients(idleSockets, socketUrl(app, ref, keys.anon_key))
  for (let i = 0; i < idle.length; i += 50) await Promise.all(idle.slice(i, i + 50).map((c, j) => c.request(`realtime:idle-${(i + j) % 10}`, 'phx_join', { config: {} })))
  await sleep(1000)
  const after = appMemory(pid)
  for (const client of idle) client.close()

  return { latency, fanOut: { platform: platformRate, bare }, memory: { before, after, sockets: idleSockets } }
}
