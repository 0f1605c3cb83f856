/**
 * The first packets of a Postgres connection, before any typed message: SSLRequest,
 * GSSENCRequest, CancelRequest and the v3 StartupMessage. Each is an Int32 length (itself
 * included) and an Int32 code; garbage is recognised early so that the listener can answer it
 * with an error and hang up instead of waiting for bytes that never come.
 */

export const SSL_REQUEST_CODE = 80877103
export const GSSENC_REQUEST_CODE = 80877104
export const CANCEL_REQUEST_CODE = 80877102
export const PROTOCOL_3_0 = 196608

/** Postgres' own cap on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
export const MAX_STARTUP_BYTES = 10_000

export type StartupPacket =
  | { kind: 'ssl' | 'gssenc' | 'cancel'; length: number }
  | { kind: 'startup'; length: number; params: Record<string, string> }
  | { kind: 'invalid'; length: number; reason: string }

/**
 * The packet at the start of `buffer`, or null while it is incomplete. `length` is how many bytes
 * it took (for 'invalid', everything: the connection is closed).
 */
export function readStartupPacket(buffer: Buffer): StartupPacket | null {
  if (buffer.length < 4) return null
  const length = buffer.readInt32BE(0)
  if (length < 8 || length > MAX_STARTUP_BYTES) return { kind: 'invalid', length: buffer.length, reason: 'invalid length of startup packet' }
  if (buffer.length < 8) return null
  const code = buffer.readInt32BE(4)
  if (code === SSL_REQUEST_CODE || code === GSSENC_REQUEST_CODE)
    return length === 8 ? { kind: code === SSL_REQUEST_CODE ? 'ssl' : 'gssenc', length } : { kind: 'invalid', length: buffer.length, reason: 'invalid length of startup packet' }
  if (code === CANCEL_REQUEST_CODE) return length === 16 ? (buffer.length < 16 ? null : { kind: 'cancel', length }) : { kind: 'invalid', length: buffer.length, reason: 'invalid length of startup packet' }
  if (code !== PROTOCOL_3_0) return { kind: 'invalid', length: buffer.length, reason: 'unsupported frontend protocol: only 3.0 is served' }
  if (buffer.length < length) return null
  const params = parseParams(buffer.subarray(8, length))
  if (!params) return { kind: 'invalid', length: buffer.length, reason: 'invalid startup packet layout' }
  return { kind: 'startup', length, params }
}

/** name\0value\0 … \0 — null when the layout is broken (a missing terminator, a name without value). */
function parseParams(body: Buffer): Record<string, string> | null {
  const params: Record<string, string> = Object.create(null)
  let at = 0
  for (;;) {
    const nameEnd = body.indexOf(0, at)
    if (nameEnd === -1) return null
    if (nameEnd === at) return at === body.length - 1 ? params : null // the final terminator ends the list
    const valueEnd = body.indexOf(0, nameEnd + 1)
    if (valueEnd === -1) return null
    params[body.toString('utf8', at, nameEnd)] = body.toString('utf8', nameEnd + 1, valueEnd)
    at = valueEnd + 1
  }
}

/** A StartupMessage (no type byte) with the given parameters. */
export function startupMessage(params: Record<string, string>): Buffer {
  const parts = Object.entries(params).flatMap(([name, value]) => [Buffer.from(`${name}\0${value}\0`, 'utf8')])
  const body = Buffer.concat([...parts, Buffer.from([0])])
  const head = Buffer.alloc(8)
  head.writeInt32BE(8 + body.length, 0)
  head.writeInt32BE(PROTOCOL_3_0, 4)
  return Buffer.concat([head, body])
}

/** One typed frontend message (type byte, Int32 length) at the start of `buffer`, or null while incomplete. */
export function readTypedMessage(buffer: Buffer, maxBytes: number): { type: string; body: Buffer; length: number } | { invalid: string } | null {
  if (buffer.length < 5) return null
  const length = buffer.readInt32BE(1)
  if (length < 4 || length > maxBytes) return { invalid: 'invalid message length' }
  if (buffer.length < 1 + length) return null
  return { type: String.fromCharCode(buffer[0]), body: buffer.subarray(5, 1 + length), length: 1 + length }
}
