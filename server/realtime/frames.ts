/**
 * Phoenix channel frames as realtime-js speaks them. `vsn=1.0.0`: a JSON object per message;
 * `vsn=2.0.0` (realtime-js's default): a JSON array `[join_ref, ref, topic, event, payload]`, and
 * binary frames for user broadcasts, both ways: a client pushes kind 3 (its join ref, ref, topic,
 * event, metadata, then the payload), the server sends kind 4 (topic, event, metadata, payload). A
 * binary frame's payload is JSON (encoding 1) or raw bytes (encoding 0).
 */
export type Vsn = '1.0.0' | '2.0.0'

export type PhoenixMessage = {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

/** A user broadcast: what `channel.send({ type: 'broadcast', … })` pushes and subscribers get. */
export type UserBroadcast = { type: 'broadcast'; event: string; payload: unknown; meta?: Record<string, unknown> }

const KIND_PUSH = 3
const KIND_BROADCAST = 4
const ENCODING_BINARY = 0
const ENCODING_JSON = 1

export const vsnOf = (value: string | null): Vsn | null => (value === null || value === '1.0.0' ? '1.0.0' : value === '2.0.0' ? '2.0.0' : null)

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

/** One frame as a message, or null when it is not one. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhoenixMessage | null {
  if (isBinary) return vsn === '2.0.0' ? decodePush(data) : null
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString('utf8'))
  } catch {
    return null
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null
    const [joinRef, ref, topic, event, payload] = parsed
    if (typeof topic !== 'string' || typeof event !== 'string') return null
    return { joinRef: text(joinRef), ref: text(ref), topic, event, payload }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  const { join_ref, ref, topic, event, payload } = parsed as Record<string, unknown>
  if (typeof topic !== 'string' || typeof event !== 'string') return null
  return { joinRef: text(join_ref), ref: text(ref), topic, event, payload }
}

/** A client's binary broadcast push (kind 3). */
function decodePush(data: Buffer): PhoenixMessage | null {
  if (data.length < 7 || data[0] !== KIND_PUSH) return null
  const lengths = [data[1], data[2], data[3], data[4], data[5]]
  const encoding = data[6]
  let offset = 7
  const parts: string[] = []
  for (const length of lengths) {
    if (offset + length > data.length) return null
    parts.push(data.toString('utf8', offset, offset + length))
    offset += length
  }
  const [joinRef, ref, topic, event, metadata] = parts
  const body = data.subarray(offset)
  let payload: unknown = Buffer.from(body)
  let meta: Record<string, unknown> | undefined
  try {
    if (encoding === ENCODING_JSON) payload = JSON.parse(body.toString('utf8'))
    else if (encoding !== ENCODING_BINARY) return null
    if (metadata) meta = JSON.parse(metadata) as Record<string, unknown>
  } catch {
    return null
  }
  const broadcast: UserBroadcast = { type: 'broadcast', event, payload, ...(meta ? { meta } : {}) }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: broadcast }
}

export type Frame = { data: string | Buffer; binary: boolean }

const isUserBroadcast = (payload: unknown): payload is UserBroadcast =>
  Boolean(payload) && typeof payload === 'object' && (payload as UserBroadcast).type === 'broadcast' && typeof (payload as UserBroadcast).event === 'string'

/** A message as the frame a client of `vsn` reads. */
export function encodeFrame(message: PhoenixMessage, vsn: Vsn): Frame {
  if (vsn === '1.0.0') {
    const { joinRef, ref, topic, event, payload } = message
    return { data: JSON.stringify({ join_ref: joinRef, ref, topic, event, payload: jsonable(payload) }), binary: false }
  }
  if (message.event === 'broadcast' && isUserBroadcast(message.payload)) {
    const binary = encodeBroadcast(message.topic, message.payload)
    if (binary) return { data: binary, binary: true }
  }
  return { data: JSON.stringify([message.joinRef, message.ref, message.topic, message.event, jsonable(message.payload)]), binary: false }
}

/** Bytes go to a JSON client as what JSON.stringify makes of a Buffer would not be: base64. */
function jsonable(payload: unknown): unknown {
  if (isUserBroadcast(payload) && Buffer.isBuffer(payload.payload)) return { ...payload, payload: payload.payload.toString('base64') }
  return payload
}

/** A user broadcast as kind 4, or null when a part is longer than its one length byte. */
function encodeBroadcast(topic: string, broadcast: UserBroadcast): Buffer | null {
  const topicBytes = Buffer.from(topic, 'utf8')
  const eventBytes = Buffer.from(broadcast.event, 'utf8')
  const metaBytes = Buffer.from(broadcast.meta && Object.keys(broadcast.meta).length > 0 ? JSON.stringify(broadcast.meta) : '', 'utf8')
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return null
  const raw = Buffer.isBuffer(broadcast.payload)
  const body = raw ? (broadcast.payload as Buffer) : Buffer.from(JSON.stringify(broadcast.payload ?? {}), 'utf8')
  const header = Buffer.from([KIND_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, raw ? ENCODING_BINARY : ENCODING_JSON])
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body])
}
