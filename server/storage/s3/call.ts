/**
 * One S3 request, once its signature passed (protocol.ts): who it acts as, the bucket and key it
 * names, its body as the bytes it stands for, the storage context its endpoints run with, and the
 * way it is answered.
 */
import { pipeline, type Readable } from 'node:stream'
import type { ServiceCall } from '../../gateway/types'
import type { Caller } from '../caller'
import type { StorageContext } from '../context'
import { withIdleLimit } from '../upload-body'
import { invalidArgument } from './errors'
import { dechunked, hashChecked } from './body'
import type { Signature } from './sigv4'

export type S3Call = {
  call: ServiceCall
  method: string
  bucket: string | null
  key: string | null
  query: URLSearchParams
  caller: Caller
  /** A storage context for the endpoints underneath, acting as the caller; `json` and `headers` are what they read. */
  context(params: Record<string, string>, extras?: { json?: Record<string, unknown>; headers?: Record<string, string> }): Promise<StorageContext>
  /** The request's body, decoded and checked as it streams (body.ts). */
  body(): Readable
  /** The body's length as the client announced it, or null. */
  declaredLength(): number | null
  /** The whole body, for the small XML ones. */
  text(maxBytes?: number): Promise<string>
  header(name: string): string | undefined
  /** Answers XML (or nothing) with S3's headers. */
  send(status: number, xml?: string, headers?: Record<string, string>): void
}

const SIGNED_STREAMS = new Set(['STREAMING-AWS4-HMAC-SHA256-PAYLOAD', 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER'])

/** The body of a request whose signature `sig` (signed with `key`) passed. */
export function requestBody(call: ServiceCall, sig: Signature, key: Buffer, idleMs: number): Readable {
  const source = withIdleLimit(call.req, idleMs)
  // Chosen by what was signed of the body, never by its (unsigned-able) encoding alone.
  const hash = sig.payloadHash
  const decoded = call.req.headers['x-amz-decoded-content-length']
  if (hash.startsWith('STREAMING-')) {
    const length = typeof decoded === 'string' && /^\d+$/.test(decoded) ? Number(decoded) : null
    const out = dechunked({ signing: SIGNED_STREAMS.has(hash) ? { key, sig } : null, decodedLength: length })
    return pipeline(source, out, () => undefined)
  }
  if (hash === 'UNSIGNED-PAYLOAD') return source
  if (!/^[0-9a-f]{64}$/.test(hash)) throw invalidArgument('x-amz-content-sha256 must be the body’s SHA-256, UNSIGNED-PAYLOAD or a STREAMING-… form.')
  return pipeline(source, hashChecked(hash), () => undefined)
}

/** Reads a small body whole; past `maxBytes` it is refused. */
export async function readText(body: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size > maxBytes) {
      body.destroy()
      throw invalidArgument(`The request body is larger than ${maxBytes} bytes.`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
