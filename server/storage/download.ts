/**
 * An object's bytes as the answer to GET and HEAD: its type, length, ETag, Last-Modified and
 * cache rules, a range (206) or a 304 for a copy the client already has, and
 * `Content-Disposition: attachment` for `?download=`. The bytes stream from the backend at the
 * reader's pace. The answer is the platform's origin's: it never runs as a page there (sandboxed,
 * never sniffed; HTML is served as plain text).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { StorageBackend, ByteRange } from './backend/types'
import { bytesMissing, invalidRange } from './errors'

export type ObjectMetadata = { eTag?: string; size?: number; mimetype?: string; cacheControl?: string; lastModified?: string; contentLength?: number }

const CONTAINED = { 'Content-Security-Policy': "default-src 'none'; sandbox", 'X-Content-Type-Options': 'nosniff' }

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against `size`; null for no range; a StorageError for one that cannot be served. */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) throw invalidRange()
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) throw invalidRange()
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start > end || start >= size) throw invalidRange()
  return { start, end }
}

/** Whether the client's copy is this one (If-None-Match, else If-Modified-Since). */
function notModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const match = req.headers['if-none-match']
  if (typeof match === 'string') return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
  const since = req.headers['if-modified-since']
  if (typeof since === 'string') {
    const date = Date.parse(since)
    return Number.isFinite(date) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(date / 1000)
  }
  return false
}

const attachment = (name: string) =>
  name ? `attachment; filename=${encodeURIComponent(name)}; filename*=UTF-8''${encodeURIComponent(name)}` : 'attachment;'

export async function sendObject(
  req: IncomingMessage,
  res: ServerResponse,
  {
    backend,
    key,
    metadata,
    updatedAt,
    download,
    expires,
  }: { backend: StorageBackend; key: string; metadata: ObjectMetadata; updatedAt: Date; download: string | null; expires?: Date }
) {
  // The length is the bytes', never the row's: a project's SQL may change its rows, and an answer
  // longer than its Content-Length would run into the next answer on a kept-alive connection.
  const stored = await backend.size(key)
  if (stored === null) throw bytesMissing()
  const size = stored
  res.strictContentLength = true
  const etag = metadata.eTag ?? '""'
  const lastModified = metadata.lastModified ? new Date(metadata.lastModified) : updatedAt
  const type = (metadata.mimetype ?? 'application/octet-stream').replace(/^text\/html\b/i, 'text/plain')
  const headers: Record<string, string> = {
    'Content-Type': type,
    ETag: etag,
    'Last-Modified': lastModified.toUTCString(),
    'Accept-Ranges': 'bytes',
    ...(expires ? { Expires: expires.toUTCString() } : { 'Cache-Control': metadata.cacheControl ?? 'no-cache' }),
    ...(download !== null ? { 'Content-Disposition': attachment(download) } : {}),
    ...CONTAINED,
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, { ...headers, 'Content-Length': String(size) })
    return res.end()
  }
  if (notModified(req, etag, lastModified)) {
    res.writeHead(304, { ETag: etag, ...CONTAINED })
    return res.end()
  }
  const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, size)
  const stream = await backend.read(key, range ?? undefined)
  if (!stream) throw bytesMissing()
  if (range) res.writeHead(206, { ...headers, 'Content-Length': String(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${size}` })
  else res.writeHead(200, { ...headers, 'Content-Length': String(size) })
  try {
    await pipeline(stream, res)
  } catch {
    // The reader left, or the file broke off: the connection ends; nothing more to say.
    res.destroy()
  }
}
