/**
 * An upload's bytes and what comes with them, as storage-js sends them: a multipart form (a Blob
 * or File: `cacheControl` and `metadata` fields before the file part) or a raw body (a Buffer, a
 * string, a stream: `content-type`, `cache-control`, `x-metadata` as base64 JSON). The bytes are
 * streamed, never held; a body whose next chunk does not come within `idleMs` ends the upload.
 */
import type { IncomingMessage } from 'node:http'
import { PassThrough, type Readable } from 'node:stream'
import Busboy from 'busboy'
import { StorageError, invalidRequest } from './errors'

export type UploadBody = {
  stream: Readable
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  /** The size the client announced for a raw body (multipart's length includes its framing). */
  declaredLength: number | null
}

const MAX_METADATA_BYTES = 1024 * 1024

export const bodyTooSlow = () => new StorageError('408', 'Request timeout', 'RequestTimeout', 'The upload stopped sending data. Try again; a large file uploads best resumably (TUS).', 408)

function metadataOf(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined) return null
  if (Buffer.byteLength(json) > MAX_METADATA_BYTES) throw new StorageError('413', 'Payload too large', 'EntityTooLarge', 'The user_metadata exceeded the maximum allowed size')
  try {
    const parsed = JSON.parse(json) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** `source` as a stream that fails with 408 when no chunk arrives within `idleMs`. */
export function withIdleLimit(source: Readable, idleMs: number): Readable {
  const out = new PassThrough()
  // Whoever reads the body sees its errors; a body refused before it was read has no reader.
  out.on('error', () => undefined)
  let timer: NodeJS.Timeout | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => out.destroy(bodyTooSlow()), idleMs)
    timer.unref()
  }
  arm()
  source.on('data', arm)
  source.once('end', () => clearTimeout(timer))
  source.once('error', (error) => {
    clearTimeout(timer)
    out.destroy(error)
  })
  // A client that leaves mid-upload: the request closes before its end.
  source.once('close', () => {
    clearTimeout(timer)
    if (!source.readableEnded) out.destroy(new Error('the client closed the upload before its end'))
  })
  out.once('close', () => clearTimeout(timer))
  source.pipe(out)
  return out
}

/** A value stored to be sent back as a header (Content-Type, Cache-Control): refused when it could not be. */
export function headerValue(value: string, name: string): string {
  if (value.length > 1024 || !/^[\x20-\x7e]*$/.test(value)) throw invalidRequest(`${name} must be printable ASCII, at most 1024 characters.`)
  return value
}

export function uploadBody(req: IncomingMessage, { idleMs }: { idleMs: number }): Promise<UploadBody> {
  const type = req.headers['content-type'] ?? ''
  if (!/^multipart\/form-data/i.test(type)) {
    const length = req.headers['content-length']
    const cacheControl = typeof req.headers['cache-control'] === 'string' ? req.headers['cache-control'] : 'no-cache'
    const header = req.headers['x-metadata']
    const userMetadata = typeof header === 'string' ? metadataOf(Buffer.from(header, 'base64').toString('utf8')) : null
    return Promise.resolve({
      stream: withIdleLimit(req, idleMs),
      mimetype: headerValue(type || 'application/octet-stream', 'Content-Type'),
      cacheControl: headerValue(cacheControl, 'Cache-Control'),
      userMetadata,
      declaredLength: length !== undefined && /^[0-9]+$/.test(length) ? Number(length) : null,
    })
  }
  return new Promise<UploadBody>((resolve, reject) => {
    let form: Busboy.Busboy
    try {
      form = Busboy({ headers: req.headers, limits: { fields: 10, files: 1, fieldSize: MAX_METADATA_BYTES + 1 } })
    } catch {
      return reject(invalidRequest('Invalid Content-Type header'))
    }
    const fields: Record<string, string> = {}
    let found = false
    form.on('field', (name, value) => (fields[name] = value))
    form.on('file', (_name, file, info) => {
      found = true
      try {
        resolve({
          stream: withIdleLimit(file, idleMs),
          mimetype: headerValue(fields.contentType || info.mimeType || 'application/octet-stream', 'contentType'),
          cacheControl: headerValue(fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache', 'cacheControl'),
          userMetadata: metadataOf(fields.metadata ?? fields.userMetadata),
          declaredLength: null,
        })
      } catch (error) {
        file.resume()
        reject(error)
      }
    })
    form.once('error', (error) => reject(found ? error : invalidRequest(`The form could not be read: ${(error as Error).message}`)))
    form.once('close', () => {
      if (!found) reject(invalidRequest('No content provided'))
    })
    req.pipe(form)
  })
}
