/**
 * Realtime as one of the gateway's project services (`/p/{ref}/realtime/v1`): the WebSocket at
 * `/websocket` (socket.ts: Phoenix channels with broadcast, presence and database changes), and
 * REST broadcast at `POST /api/broadcast` (realtime-js's `send` without a socket) and
 * `POST /api/broadcast/{topic}/events/{event}` (its `httpSend`). Sockets are this app copy's,
 * and the copies meet over the bus (bus.ts); a pause, delete, restore, restart, transfer or a
 * rotated JWT secret closes the project's in every copy with a reason, and its change feed's slot
 * goes with them (not for the secret). The plan's connection limit is checked before the
 * handshake completes: handshakes at the same moment may pass it by a few.
 */
import { WebSocketServer } from 'ws'
import { z } from 'zod'
import type { Platform } from '../kernel/platform'
import type { GatedProject, PassedGate, ProjectService, ReleaseReason, ServiceCall, UpgradeCall } from '../gateway/types'
import { publicAnswer } from '../gateway/answers'
import { serviceNamed } from '../gateway/services'
import { refuseUpgrade } from '../gateway/upgrade'
import { readBody } from '../http/guards'
import { PlatformError } from '../kernel/errors'
import { formatBytes } from '@/lib/format-bytes'
import { RealtimeHub } from './hub'
import { RealtimeSocket, QUIET_SOCKET_MS } from './socket'
import { ChangeFeeds } from './changes/feeds'
import { vsnOf, type Vsn } from './frames'
import { ensureRealtimeSchema } from './publication'
import { VisibilityChecks, type ChannelAccess } from './changes/visibility'
import { callerOf, type Caller } from '../storage/caller'
import { logRealtime } from './logs'
import { realtimeLimits, type RealtimeLimits } from './limits'
import { RealtimeUsage } from './usage'
import { RealtimeBus, type BusEnvelope } from './bus'

/** The largest frame any plan takes (Pro: 3 MB), with room for the frame's own parts. */
const MAX_FRAME_BYTES = 3 * 1024 * 1024 + 64 * 1024
const MAX_REST_MESSAGES = 100

/** Why a project's sockets close: what its clients' logs show. */
const RELEASE_REASONS: Partial<Record<ReleaseReason, string>> = {
  pause: 'The project was paused: restore it to connect again.',
  delete: 'The project was deleted.',
  restore: 'The project is being restored from a backup: it reconnects once it is back.',
  restart: 'The project is restarting: it reconnects in a moment.',
  transfer: 'The project moved to another organization: it reconnects in a moment.',
}

const restMessages = z.object({
  messages: z
    .array(z.object({ topic: z.string().min(1).max(255), event: z.string().min(1).max(255), payload: z.unknown().optional(), private: z.boolean().optional() }))
    .min(1)
    .max(MAX_REST_MESSAGES),
})

const planLimits = (gate: PassedGate) => realtimeLimits(gate.project.plan)

export class RealtimeService implements ProjectService {
  readonly name = 'realtime'
  readonly logSource = 'realtime_logs' as const
  readonly hub: RealtimeHub
  readonly bus: RealtimeBus
  readonly changes: ChangeFeeds
  readonly usage: RealtimeUsage
  private readonly sockets = new Map<string, Set<RealtimeSocket>>()
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false })
  private readonly sweep: NodeJS.Timeout
  /** Per project: its `realtime` schema made (once per app copy), and the connections that ask its policies. */
  private readonly schemas = new Map<string, Promise<void>>()
  private readonly checks = new Map<string, VisibilityChecks>()

  constructor(private readonly platform: Platform) {
    this.bus = new RealtimeBus(platform, {
      message: (message) => this.received(message),
      peerGone: (origin) => this.hub.peerGone(origin),
      reconnected: () => this.hub.resync(),
    })
    // With no other copy heard, nothing goes on the bus but the question of who is present.
    this.hub = new RealtimeHub((message) => {
      if (message.kind === 'presence_sync' || this.bus.hasPeers()) this.bus.publish(message)
    })
    this.changes = new ChangeFeeds(platform, this.bus)
    this.usage = new RealtimeUsage(platform)
    // A socket whose client went without a word (no heartbeat) is let go.
    this.sweep = setInterval(() => {
      const quietSince = Date.now() - QUIET_SOCKET_MS
      for (const sockets of this.sockets.values()) for (const socket of sockets) if (socket.lastHeard < quietSince) socket.terminate()
    }, QUIET_SOCKET_MS / 4)
    this.sweep.unref()
  }

  /** How many sockets of the project this app copy holds. */
  socketsOf(ref: string): number {
    return this.sockets.get(ref)?.size ?? 0
  }

  /** Ends every socket of the project at once, as a dropped network would (its clients reconnect). */
  terminateAll(ref: string): void {
    for (const socket of [...(this.sockets.get(ref) ?? [])]) socket.terminate()
  }

  upgrade(call: UpgradeCall): void {
    if (call.rest !== '/websocket') return refuseUpgrade(call.socket, 404, { message: 'The realtime socket is at /realtime/v1/websocket.' }, call.requestId)
    const vsn = vsnOf(call.url.searchParams.get('vsn'))
    if (!vsn) return refuseUpgrade(call.socket, 400, { message: 'vsn is 1.0.0 or 2.0.0.' }, call.requestId)
    const ref = call.gate.project.ref
    const limits = planLimits(call.gate)
    if (limits.maxConnections !== null && this.socketsOf(ref) >= limits.maxConnections) {
      logRealtime(this.platform, ref, { event: 'refused', reason: `${limits.maxConnections} connections open, the plan's most` })
      return refuseUpgrade(call.socket, 429, { message: `The project has ${limits.maxConnections} realtime connections open, its plan's most at once: close some, or upgrade the plan.` }, call.requestId)
    }
    // The bus listens before the first socket: what the other copies send reaches it from the start.
    void this.bus
      .start()
      .catch(() => undefined)
      .then(() => this.accept(call, vsn, limits))
  }

  private accept(call: UpgradeCall, vsn: Vsn, limits: RealtimeLimits) {
    const ref = call.gate.project.ref
    if (call.socket.destroyed) return
    this.wss.handleUpgrade(call.req, call.socket, call.head, (ws) => {
      let sockets = this.sockets.get(ref)
      if (!sockets) this.sockets.set(ref, (sockets = new Set()))
      const socket: RealtimeSocket = new RealtimeSocket(ws, {
        gate: call.gate,
        vsn,
        hub: this.hub,
        changes: this.changes,
        maxMessageBytes: limits.maxMessageBytes,
        log: (entry) => logRealtime(this.platform, ref, entry),
        countMessage: () => this.usage.countMessages(call.gate.project.id),
        authorize: (caller, topic) => this.authorize(call.gate.project, caller, topic),
        onClose: () => {
          const held = this.sockets.get(ref)
          held?.delete(socket)
          if (held?.size === 0) this.sockets.delete(ref)
        },
      })
      sockets.add(socket)
      this.usage.sockets(ref, sockets.size)
      logRealtime(this.platform, ref, { event: 'connect', role: call.gate.keyRole })
    })
  }

  async serve(call: ServiceCall): Promise<void> {
    const gate = await call.pass()
    if (!gate) return
    if (call.rest === '/websocket') return publicAnswer(call.res, 400, { message: 'This is a WebSocket endpoint: connect with realtime-js, or send the Upgrade header.' }, call.requestId)
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(call.rest)
    if (call.rest === '/api/broadcast' || single) {
      if (call.req.method !== 'POST') return publicAnswer(call.res, 405, { message: 'Broadcast is a POST.' }, call.requestId, { Allow: 'POST' })
      return this.restBroadcast(call, gate, single ? { topic: decodeURIComponent(single[1]), event: decodeURIComponent(single[2]) } : null)
    }
    publicAnswer(call.res, 404, { message: `Realtime has nothing at ${call.rest}.` }, call.requestId)
  }

  private async restBroadcast(call: ServiceCall, gate: PassedGate, single: { topic: string; event: string } | null) {
    const { maxMessageBytes } = planLimits(gate)
    const raw = await readBody(call.req, { maxBytes: single ? maxMessageBytes : maxMessageBytes * MAX_REST_MESSAGES, timeoutMs: this.platform.config.bodyTimeoutMs })
    const isPrivate = call.url.searchParams.get('private') === 'true'
    let messages: { topic: string; event: string; payload?: unknown; private?: boolean }[]
    if (single) {
      const json = !/octet-stream/.test(call.req.headers['content-type'] ?? '')
      messages = [{ topic: single.topic, event: single.event, payload: json ? parseJson(raw) : raw, private: isPrivate }]
    } else {
      const parsed = restMessages.safeParse(parseJson(raw))
      if (!parsed.success) throw new PlatformError(400, 'The body is { messages: [{ topic, event, payload, private? }] }, 1 to 100 messages.')
      messages = parsed.data.messages
    }
    for (const message of messages) {
      const size = Buffer.isBuffer(message.payload) ? message.payload.length : Buffer.byteLength(JSON.stringify(message.payload ?? {}))
      if (size > maxMessageBytes) throw new PlatformError(413, `A message is at most ${formatBytes(maxMessageBytes)} on this plan.`)
    }
    const topicOf = (message: { topic: string }) => (message.topic.startsWith('realtime:') ? message.topic.slice('realtime:'.length) : message.topic)
    // A private channel takes what its policies let the caller (the bearer token, else the key) write.
    if (messages.some((m) => m.private)) {
      const caller = await callerOf(call.req, gate).catch(() => null)
      if (!caller) throw new PlatformError(401, 'The bearer token is not one of this project: sign in again.')
      for (const message of messages.filter((m) => m.private)) {
        const access = await this.authorize(gate.project, caller, topicOf(message))
        if (typeof access === 'string') throw new PlatformError(503, access)
        if (!access.write.broadcast) throw new PlatformError(403, `Unauthorized: You do not have permissions to write to this Channel topic: ${topicOf(message)}`)
      }
    }
    for (const message of messages) {
      const topic = topicOf(message)
      this.hub.broadcast(gate.project.ref, topic, message.private === true, { type: 'broadcast', event: message.event, payload: message.payload ?? {} })
      this.usage.countMessages(gate.project.id)
    }
    call.res.writeHead(202, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': call.requestId })
    call.res.end()
  }

  async recordUsage(now: Date): Promise<void> {
    await this.usage.record(now, new Map([...this.sockets].map(([ref, sockets]) => [ref, sockets.size])))
  }

  /** What `caller` may do on the project's private channel `topic`, or why that could not be asked. */
  async authorize(project: GatedProject, caller: Caller, topic: string): Promise<ChannelAccess | string> {
    try {
      let schema = this.schemas.get(project.ref)
      if (!schema) {
        schema = ensureRealtimeSchema(this.platform, project)
        this.schemas.set(project.ref, schema)
        schema.catch(() => this.schemas.delete(project.ref))
      }
      await schema
      let checks = this.checks.get(project.ref)
      if (!checks) this.checks.set(project.ref, (checks = new VisibilityChecks(this.platform, project)))
      return await checks.channelAccess(caller, topic)
    } catch (error) {
      return `The channel's policies could not be asked (${(error as Error).message}): try again in a moment.`
    }
  }

  private async forgetProject(ref: string) {
    this.schemas.delete(ref)
    const checks = this.checks.get(ref)
    this.checks.delete(ref)
    await checks?.end()
  }

  /** What another app copy sent (bus.ts). */
  private received(message: BusEnvelope) {
    if (message.kind === 'change' || message.kind === 'interest') return this.changes.received(message)
    if (message.kind === 'release') {
      for (const socket of [...(this.sockets.get(message.ref) ?? [])]) socket.close(4000, message.reason)
      return
    }
    this.hub.received(message)
  }

  /** Closes the project's sockets in every app copy with `reason` (their clients connect again). */
  closeSockets(ref: string, reason: string): void {
    this.bus.publish({ kind: 'release', ref, reason })
    for (const socket of [...(this.sockets.get(ref) ?? [])]) socket.close(4000, reason)
  }

  async release(ref: string, reason: ReleaseReason): Promise<void> {
    const sentence = RELEASE_REASONS[reason]
    if (!sentence) return
    this.closeSockets(ref, sentence)
    const [project] = await this.platform.db.query<{ region: string }>('select region from projects where ref = $1', [ref]).catch(() => [])
    await this.forgetProject(ref)
    await this.changes.release(ref, project?.region ?? null)
  }

  async close(): Promise<void> {
    clearInterval(this.sweep)
    await this.usage.messages.flush(this.platform.db).catch(() => undefined)
    for (const sockets of this.sockets.values()) for (const socket of [...sockets]) socket.close(1001, 'The server is shutting down: it reconnects once it is back.')
    await this.changes.close()
    await Promise.all([...this.checks.keys()].map((ref) => this.forgetProject(ref)))
    await this.bus.close()
    this.wss.close()
  }
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return {}
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw new PlatformError(400, 'The request body is not valid JSON.')
  }
}

export function realtimeService(platform: Platform): RealtimeService {
  // Not `instanceof`: Next bundles this module more than once (see data-api/data-api-service.ts).
  const service = serviceNamed(platform, 'realtime') as RealtimeService | undefined
  if (!service?.hub) throw new Error('The platform has no realtime service')
  return service
}

/**
 * The project's sockets end in every app copy (its JWT secret was rotated: each socket trusts the
 * secret of its handshake, so a key that stopped working must not go on through an open one).
 */
export function closeRealtimeSockets(platform: Platform, ref: string, reason: string): void {
  const service = serviceNamed(platform, 'realtime') as RealtimeService | undefined
  service?.closeSockets?.(ref, reason)
}
