/**
 * One realtime WebSocket of a project's application: Phoenix channels as realtime-js speaks them.
 * `phoenix` heartbeats; `phx_join` of `realtime:{topic}` with its config (broadcast self and ack,
 * presence key, postgres changes bindings, private) and access token; broadcasts, presence
 * track and untrack, `access_token` refreshes and `phx_leave` on a joined topic. Each joined
 * channel acts as its token's role and claims (else the socket's key); a channel whose token
 * expires is closed with a system message saying so.
 */
import { randomUUID } from 'node:crypto'
import type { WebSocket } from 'ws'
import type { PassedGate } from '../gateway/types'
import { callerOfToken, type Caller } from '../storage/caller'
import { decodeFrame, encodeFrame, type PhoenixMessage, type UserBroadcast, type Vsn } from './frames'
import type { Member, RealtimeHub } from './hub'
import type { ChangeBinding, ChangeFeeds, ChangeSubscriber, PostgresChange } from './changes/feeds'
import { parseBindings } from './changes/bindings'
import { formatBytes } from '@/lib/format-bytes'
import type { RealtimeEvent } from './logs'
import type { ChannelAccess } from './changes/visibility'

const TOPIC_PREFIX = 'realtime:'
/** What counts as a message in usage: what a client sends or is sent of broadcasts, presence and changes. */
const COUNTED = new Set(['broadcast', 'presence', 'presence_state', 'presence_diff', 'postgres_changes'])
/** A socket that sent nothing (not even a heartbeat) for this long is gone: realtime-js beats every 25 s. */
export const QUIET_SOCKET_MS = 60_000
/** What the app holds for one socket that does not read (its frames not yet taken by the network). */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024
/** How deep a message's JSON may nest (the frames are parsed and written again). */
const MAX_DEPTH = 32
/** Channels one socket may have joined at once (as Supabase's realtime allows a client). */
export const MAX_CHANNELS_PER_SOCKET = 100

export type SocketContext = {
  gate: PassedGate
  vsn: Vsn
  hub: RealtimeHub
  changes: ChangeFeeds
  /** The largest message the project's plan takes. */
  maxMessageBytes: number
  /** What a caller may do on a private channel (its policies on realtime.messages), or why that could not be asked. */
  authorize(caller: Caller, topic: string): Promise<ChannelAccess | string>
  /** Counts a message into the project's usage (usage.ts). */
  countMessage(): void
  /** Records what happens to the socket in realtime_logs (logs.ts). */
  log(entry: RealtimeEvent): void
  onClose(): void
}

type ChannelConfig = { self: boolean; ack: boolean; presenceKey: string; isPrivate: boolean; bindings: ChangeBinding[] }

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value)

/** How deep a JSON value nests, counted without recursion (a deep one would overflow the stack). */
function depthOf(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!
    if (!next || typeof next !== 'object' || Buffer.isBuffer(next)) continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_DEPTH) return deepest
    for (const child of Object.values(next)) stack.push([child, depth + 1])
  }
  return deepest
}

class JoinedChannel implements Member, ChangeSubscriber {
  readonly id = randomUUID()
  private expiry: NodeJS.Timeout | null = null
  constructor(
    private readonly socket: RealtimeSocket,
    readonly ref: string,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly config: ChannelConfig,
    public caller: Caller,
    /** A private channel's access (null: public, open to every key of the project). */
    public access: ChannelAccess | null
  ) {}
  get readsBroadcast() {
    return this.access?.read.broadcast ?? true
  }
  get readsPresence() {
    return this.access?.read.presence ?? true
  }
  get isPrivate() {
    return this.config.isPrivate
  }
  get self() {
    return this.config.self
  }
  deliver(message: PhoenixMessage) {
    this.socket.send(message)
  }
  deliverChange(ids: number[], change: PostgresChange) {
    this.socket.send({ joinRef: null, ref: null, topic: `${TOPIC_PREFIX}${this.topic}`, event: 'postgres_changes', payload: { ids, data: change } })
  }
  /** A system message on this channel (what realtime-js hands to `on('system')`). */
  system(extension: string, status: 'ok' | 'error', message: string) {
    this.deliver({ joinRef: null, ref: null, topic: `${TOPIC_PREFIX}${this.topic}`, event: 'system', payload: { extension, status, message, channel: this.topic } })
  }
  closeWith(message: string) {
    this.system('system', 'error', message)
    this.socket.leave(this, { closed: true })
  }
  /** Closes the channel when its caller's token expires. */
  armExpiry() {
    if (this.expiry) clearTimeout(this.expiry)
    this.expiry = null
    const exp = this.caller.claims.exp
    if (typeof exp !== 'number') return
    const ms = exp * 1000 - Date.now()
    // Past what a timer holds (about 24 days, an API key's years): the socket ends long before.
    if (ms > 2 ** 31 - 1) return
    this.expiry = setTimeout(() => this.closeWith('Token has expired: refresh it with a new access token.'), Math.max(0, ms))
    this.expiry.unref()
  }
  disarm() {
    if (this.expiry) clearTimeout(this.expiry)
  }
}

export class RealtimeSocket {
  private readonly channels = new Map<string, JoinedChannel>()
  /** Topics whose join is under way (its change feed starting). */
  private readonly joining = new Set<string>()
  lastHeard = Date.now()
  private closed = false

  constructor(
    private readonly ws: WebSocket,
    private readonly context: SocketContext
  ) {
    ws.on('message', (data, isBinary) => this.receive(Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]), isBinary))
    ws.on('close', () => this.ended())
    ws.on('error', () => ws.terminate())
  }

  get ref() {
    return this.context.gate.project.ref
  }

  send(message: PhoenixMessage) {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return
    // A client that stops reading would have the app hold everything sent to it: past a bound it
    // is let go, as a slow consumer (it reconnects when it reads again).
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.context.log({ event: 'close', reason: 'a client that did not read what it was sent' })
      return this.terminate()
    }
    const frame = encodeFrame(message, this.context.vsn)
    this.ws.send(frame.data, { binary: frame.binary })
    if (COUNTED.has(message.event)) this.context.countMessage()
  }

  private reply(message: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown> = {}) {
    this.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } })
  }

  /** Closes the socket with a reason its client's log shows (a project paused, deleted or restored). */
  close(code: number, reason: string) {
    this.context.log({ event: 'close', reason })
    for (const channel of this.channels.values()) channel.system('system', 'error', reason)
    // A close reason is at most 123 bytes.
    this.ws.close(code, Buffer.from(reason).subarray(0, 123).toString())
    this.ended()
  }

  terminate() {
    this.ws.terminate()
    this.ended()
  }

  private ended() {
    if (this.closed) return
    this.closed = true
    try {
      for (const channel of [...this.channels.values()]) {
        try {
          this.leave(channel, { closed: false })
        } catch (error) {
          console.error('[realtime] a channel could not be left:', error)
        }
      }
    } finally {
      this.context.onClose()
    }
  }

  private receive(data: Buffer, isBinary: boolean) {
    this.lastHeard = Date.now()
    const message = decodeFrame(data, isBinary, this.context.vsn)
    if (!message) return
    if (depthOf(message.payload) > MAX_DEPTH) {
      if (message.ref) this.reply(message, 'error', { reason: `A message nests at most ${MAX_DEPTH} levels deep.` })
      return
    }
    if (data.length > this.context.maxMessageBytes) {
      // Not sent on; the sender is told why (its push's reply, and the channel's system message).
      const reason = `The message is ${formatBytes(data.length)}: this project's plan takes at most ${formatBytes(this.context.maxMessageBytes)}.`
      if (message.ref) this.reply(message, 'error', { reason })
      this.channels.get(message.topic)?.system('system', 'error', reason)
      this.context.log({ event: 'refused', channel: message.topic, reason: 'a message past the plan’s size' })
      return
    }
    if (COUNTED.has(message.event)) this.context.countMessage()
    void this.handle(message).catch((error) => {
      console.error('[realtime] a message failed:', error)
      if (message.ref) this.reply(message, 'error', { reason: 'The message could not be handled; try again.' })
    })
  }

  private async handle(message: PhoenixMessage) {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok')
      return
    }
    if (message.event === 'phx_join') return this.join(message)
    const channel = this.channels.get(message.topic)
    if (!channel) return this.reply(message, 'error', { reason: 'unmatched topic' })
    switch (message.event) {
      case 'phx_leave':
        this.reply(message, 'ok')
        return this.leave(channel, { closed: true })
      case 'broadcast':
        return this.broadcast(channel, message)
      case 'presence':
        return this.presence(channel, message)
      case 'access_token':
        return this.refreshToken(channel, message)
      default:
        return this.reply(message, 'error', { reason: `unknown event ${message.event}` })
    }
  }

  private async callerOf(token: unknown): Promise<Caller | string> {
    const gate = this.context.gate
    if (token === undefined || token === null || token === '') return callerOfToken(gate.key, gate)
    if (typeof token !== 'string') return 'The access token is not a string.'
    try {
      return await callerOfToken(token, gate)
    } catch (error) {
      return `Invalid token: ${(error as Error).message}`
    }
  }

  private async join(message: PhoenixMessage) {
    const refused = await this.joinOrRefusal(message)
    if (refused === null) return
    this.context.log({ event: 'refused', channel: message.topic, reason: refused })
    this.reply(message, 'error', { reason: refused })
  }

  /** Joins the channel (and answers); else the reason the join is refused with. */
  private async joinOrRefusal(message: PhoenixMessage): Promise<string | null> {
    if (!message.topic.startsWith(TOPIC_PREFIX) || message.topic.length === TOPIC_PREFIX.length) {
      return 'A topic starts with realtime: and names a channel.'
    }
    if (this.joining.has(message.topic)) return 'This topic is being joined already.'
    if (!this.channels.has(message.topic) && this.channels.size + this.joining.size >= MAX_CHANNELS_PER_SOCKET)
      return `A connection joins at most ${MAX_CHANNELS_PER_SOCKET} channels at once: leave one first.`
    // Counted from now: joins sent at once all count against the limit.
    this.joining.add(message.topic)
    try {
      return await this.joinReserved(message)
    } finally {
      this.joining.delete(message.topic)
    }
  }

  private async joinReserved(message: PhoenixMessage): Promise<string | null> {
    const payload = isObject(message.payload) ? message.payload : {}
    const rawConfig = isObject(payload.config) ? payload.config : {}
    const broadcast = isObject(rawConfig.broadcast) ? rawConfig.broadcast : {}
    const presence = isObject(rawConfig.presence) ? rawConfig.presence : {}
    const bindings = parseBindings(rawConfig.postgres_changes)
    if (typeof bindings === 'string') return bindings
    const config: ChannelConfig = {
      self: broadcast.self === true,
      ack: broadcast.ack === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
      isPrivate: rawConfig.private === true,
      bindings,
    }
    const caller = await this.callerOf(payload.access_token)
    if (typeof caller === 'string') return caller
    const subTopic = message.topic.slice(TOPIC_PREFIX.length)
    let access: ChannelAccess | null = null
    if (config.isPrivate) {
      const asked = await this.context.authorize(caller, subTopic)
      if (typeof asked === 'string') return asked
      if (!asked.read.broadcast && !asked.read.presence) return `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`
      access = asked
    }
    // Joining a topic again replaces the channel, as Phoenix does.
    const existing = this.channels.get(message.topic)
    if (existing) this.leave(existing, { closed: true })
    const channel = new JoinedChannel(this, this.ref, subTopic, message.joinRef, config, caller, access)
    let ids: number[] = []
    if (bindings.length > 0) {
      const subscribed = await this.context.changes.subscribe(this.context.gate, channel, bindings)
      if (typeof subscribed === 'string') return subscribed
      ids = subscribed
    }
    if (this.closed) {
      this.context.changes.unsubscribe(channel)
      return null
    }
    this.channels.set(message.topic, channel)
    this.context.hub.join(channel)
    channel.armExpiry()
    this.reply(message, 'ok', bindings.length > 0 ? { postgres_changes: bindings.map((binding, i) => ({ ...binding, id: ids[i] })) } : {})
    if (bindings.length > 0) channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL')
    this.send({ joinRef: null, ref: null, topic: message.topic, event: 'presence_state', payload: channel.readsPresence ? this.context.hub.presenceState(channel) : {} })
    this.context.log({ event: 'join', channel: message.topic, role: caller.role })
    return null
  }

  /** The channel ends: its presence leaves, its change bindings go; `closed` tells its client. */
  leave(channel: JoinedChannel, { closed }: { closed: boolean }) {
    const topic = `${TOPIC_PREFIX}${channel.topic}`
    if (this.channels.get(topic) !== channel) return
    this.channels.delete(topic)
    channel.disarm()
    this.context.hub.leave(channel)
    this.context.changes.unsubscribe(channel)
    if (closed) this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic, event: 'phx_close', payload: {} })
    this.context.log({ event: 'leave', channel: topic })
  }

  private broadcast(channel: JoinedChannel, message: PhoenixMessage) {
    const payload = message.payload
    if (!isObject(payload) || typeof payload.event !== 'string') return this.reply(message, 'error', { reason: 'A broadcast has an event.' })
    if (channel.access && !channel.access.write.broadcast) {
      const reason = `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.topic}`
      channel.system('system', 'error', reason)
      return this.reply(message, 'error', { reason })
    }
    const broadcast: UserBroadcast = { type: 'broadcast', event: payload.event, payload: payload.payload ?? {}, ...(isObject(payload.meta) ? { meta: payload.meta } : {}) }
    this.context.hub.broadcast(this.ref, channel.topic, channel.isPrivate, broadcast, channel)
    if (channel.config.ack) this.reply(message, 'ok')
  }

  private presence(channel: JoinedChannel, message: PhoenixMessage) {
    const payload = isObject(message.payload) ? message.payload : {}
    if (payload.event === 'track') {
      if (channel.access && !channel.access.write.presence) return this.reply(message, 'error', { reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${channel.topic}` })
      this.context.hub.track(channel, channel.config.presenceKey, isObject(payload.payload) ? payload.payload : {})
      return this.reply(message, 'ok')
    }
    if (payload.event === 'untrack') {
      this.context.hub.untrack(channel)
      return this.reply(message, 'ok')
    }
    this.reply(message, 'error', { reason: 'A presence message tracks or untracks.' })
  }

  private async refreshToken(channel: JoinedChannel, message: PhoenixMessage) {
    const token = isObject(message.payload) ? message.payload.access_token : undefined
    const caller = await this.callerOf(token)
    if (typeof caller === 'string') return channel.closeWith(caller)
    if (channel.access) {
      const access = await this.context.authorize(caller, channel.topic)
      if (typeof access === 'string') return channel.closeWith(access)
      if (!access.read.broadcast && !access.read.presence) return channel.closeWith(`Unauthorized: You do not have permissions to read from this Channel topic: ${channel.topic}`)
      channel.access = access
    }
    channel.caller = caller
    channel.armExpiry()
    this.context.changes.recheck(channel)
  }
}
