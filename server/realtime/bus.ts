/**
 * Realtime between app copies: the control plane as the bus (NOTIFY `supaboard_realtime`, each
 * copy LISTENs), so a broadcast, a presence change or a database change made through one copy
 * reaches the sockets of every other. A message is JSON with its origin (the copy's instance id);
 * one past NOTIFY's 8,000 bytes is kept in realtime_bus_messages and sent by reference. Each copy
 * says it is alive every 20 s; one not heard for a minute is gone (its presences leave). Started
 * with the first socket: a copy without realtime holds no connection for it.
 */
import type { Platform } from '../kernel/platform'
import type { UserBroadcast } from './frames'

export const BUS_CHANNEL = 'supaboard_realtime'
/** Below NOTIFY's 8,000 bytes, with room for the envelope. */
const INLINE_BYTES = 7_500
const ALIVE_MS = 20_000
export const PEER_GONE_MS = 60_000
const STORED_FOR = '10 minutes'

type Channel = { ref: string; topic: string; isPrivate: boolean }

/** A database change as the copy that decodes it sends it: each copy matches and checks it for its own subscribers. */
export type BusChange = {
  schema: string
  table: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  commit_timestamp: string
  columns: { name: string; type: string }[]
  record: Record<string, unknown> | null
  old: Record<string, unknown> | null
  /** The primary key's values as the stream sent them (text). */
  key: Record<string, string>
  primaryKey: string[]
  replicaIdentity: string
  relationOid: number
}

export type BusMessage =
  | ({ kind: 'broadcast'; broadcast: UserBroadcast } & Channel)
  | ({ kind: 'track'; member: string; key: string; payload: Record<string, unknown> } & Channel)
  | ({ kind: 'untrack'; member: string } & Channel)
  | ({ kind: 'presence_sync' } & Channel)
  | { kind: 'change'; ref: string; change: BusChange }
  | { kind: 'interest'; ref: string }
  | { kind: 'release'; ref: string; reason: string }
  | { kind: 'alive' }
  | { kind: 'gone' }

export type BusEnvelope = BusMessage & { origin: string }

/** Bytes of a binary broadcast go as base64 under a marker, and come back as bytes. */
const BYTES = '$supaboard_bytes'
const replacer = (_key: string, value: unknown) =>
  value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data)
    ? { [BYTES]: Buffer.from((value as { data: number[] }).data).toString('base64') }
    : value
const reviver = (_key: string, value: unknown) => (value && typeof value === 'object' && BYTES in (value as object) ? Buffer.from((value as Record<string, string>)[BYTES], 'base64') : value)

export class RealtimeBus {
  private listening: Promise<{ close(): Promise<void> }> | null = null
  private alive: NodeJS.Timeout | null = null
  private readonly peers = new Map<string, number>()
  private closed = false

  constructor(
    private readonly platform: Platform,
    private readonly handlers: {
      message(message: BusEnvelope): void
      /** A copy closed, or went a minute unheard. */
      peerGone(origin: string): void
      /** The bus listens again after losing its connection: what was sent meanwhile is lost. */
      reconnected(): void
    }
  ) {}

  get origin(): string {
    return this.platform.instanceId
  }

  /** Listens from now on (idempotent); a failure is tried again at the next call. */
  start(): Promise<void> {
    if (this.closed) return Promise.resolve()
    this.listening ??= this.platform.db.listen(BUS_CHANNEL, (payload) => void this.received(payload), () => this.handlers.reconnected())
    this.listening.catch((error: Error) => {
      console.warn('[realtime] the bus between app copies could not listen:', error.message)
      this.listening = null
    })
    if (!this.alive) {
      this.publish({ kind: 'alive' })
      this.alive = setInterval(() => {
        this.publish({ kind: 'alive' })
        const gone = Date.now() - PEER_GONE_MS
        for (const [origin, heard] of this.peers) if (heard < gone) this.dropPeer(origin)
      }, ALIVE_MS)
      this.alive.unref()
    }
    return this.listening.then(() => undefined)
  }

  /** Whether another copy was heard lately: only then do changes go on the bus. */
  hasPeers(): boolean {
    const recent = Date.now() - PEER_GONE_MS
    for (const heard of this.peers.values()) if (heard >= recent) return true
    return false
  }

  publish(message: BusMessage): void {
    if (this.closed || !this.listening) return
    void this.send({ ...message, origin: this.origin }).catch((error: Error) => console.warn('[realtime] a message to the other app copies was lost:', error.message))
  }

  private async send(envelope: BusEnvelope) {
    const text = JSON.stringify(envelope, replacer)
    if (Buffer.byteLength(text) <= INLINE_BYTES) {
      await this.platform.db.query('select pg_notify($1, $2)', [BUS_CHANNEL, text])
      return
    }
    const [stored] = await this.platform.db.query<{ id: string }>('insert into realtime_bus_messages (payload) values ($1) returning id::text', [text])
    await this.platform.db.query('select pg_notify($1, $2)', [BUS_CHANNEL, JSON.stringify({ origin: this.origin, stored: stored.id })])
    await this.platform.db.query(`delete from realtime_bus_messages where created_at < now() - interval '${STORED_FOR}'`)
  }

  private async received(payload: string) {
    let envelope: BusEnvelope | { origin: string; stored: string }
    try {
      envelope = JSON.parse(payload, reviver)
    } catch {
      return
    }
    if (envelope.origin === this.origin) return
    const known = this.peers.has(envelope.origin)
    this.peers.set(envelope.origin, Date.now())
    // A copy that just started: it hears of this one at once, not at the next beat.
    if (!known && 'kind' in envelope && envelope.kind === 'alive') this.publish({ kind: 'alive' })
    if ('stored' in envelope) {
      const [row] = await this.platform.db.query<{ payload: string }>('select payload from realtime_bus_messages where id = $1', [envelope.stored]).catch(() => [])
      if (!row) return
      envelope = JSON.parse(row.payload, reviver) as BusEnvelope
    }
    if (envelope.kind === 'gone') return this.dropPeer(envelope.origin)
    this.handlers.message(envelope)
  }

  private dropPeer(origin: string) {
    this.peers.delete(origin)
    this.handlers.peerGone(origin)
  }

  async close(): Promise<void> {
    if (this.listening) await this.send({ kind: 'gone', origin: this.origin }).catch(() => undefined)
    this.closed = true
    if (this.alive) clearInterval(this.alive)
    const listening = this.listening
    this.listening = null
    await listening?.then((l) => l.close()).catch(() => undefined)
  }
}
