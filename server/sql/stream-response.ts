/**
 * The HTTP side of a streamed SQL run (`?format=ndjson`): newline-delimited JSON written as the
 * database produces it. The status line and headers go out with the first line, so a run that
 * fails before producing anything (a syntax error, say) still answers a plain 400 JSON error;
 * once lines went out, a failure is the last line instead (`{"type":"error",…}`).
 */
import type { ServerResponse } from 'node:http'
import { isDatabaseUnavailable, isSqlError, type RunStream } from '../databases'
import { isPlatformError } from '../kernel/errors'

export const NDJSON = 'application/x-ndjson; charset=utf-8'

export type ResponseStream = RunStream & {
  /** Lines went out: the status can no longer change. */
  readonly started: boolean
  /** The client went away before the end. */
  readonly gone: boolean
  /** Writes the last line and ends the response. */
  end(line: string): void
}

/** `onBytes` hears of every byte written to the client (egress, server/billing/egress.ts). */
export function responseStream(res: ServerResponse, requestId: string, onBytes: (bytes: number) => void = () => undefined): ResponseStream {
  let started = false
  let gone = false
  let waiting: Promise<void> | null = null
  res.once('close', () => {
    if (!res.writableFinished) gone = true
  })
  const start = () => {
    if (started) return
    started = true
    res.statusCode = 200
    res.setHeader('X-Request-Id', requestId)
    res.setHeader('Content-Type', NDJSON)
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    // Proxies that buffer answers (nginx) would hold the first rows back.
    res.setHeader('X-Accel-Buffering', 'no')
  }
  // A compressing server (next start) keeps output in zlib until flushed: flush every batch, so
  // the first rows reach the browser at once.
  const flush = () => (res as ServerResponse & { flush?: () => void }).flush?.()
  return {
    get started() {
      return started
    },
    get gone() {
      return gone
    },
    write(chunk) {
      start()
      if (gone || res.writableEnded) return true
      onBytes(byteLength(chunk))
      const more = res.write(chunk)
      flush()
      return more
    },
    drained() {
      if (gone || !res.writableNeedDrain) return Promise.resolve()
      // One wait shared by every caller until the response drains: each chunk written while the
      // client is behind asks, and listeners must not pile up.
      waiting ??= new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done)
          res.off('close', done)
          waiting = null
          resolve()
        }
        res.on('drain', done)
        res.on('close', done)
      })
      return waiting
    },
    end(line) {
      start()
      if (res.writableEnded) return
      if (!gone) onBytes(byteLength(line))
      res.end(line)
    },
  }
}

const byteLength = (chunk: string | Uint8Array) => (typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength)

/** The last line of a run that failed after its first lines went out. */
export function errorLine(error: unknown, requestId: string): string {
  if (isSqlError(error)) return JSON.stringify({ type: 'error', status: 400, message: error.message, pg: error.pg, requestId }) + '\n'
  if (isPlatformError(error)) return JSON.stringify({ type: 'error', status: error.status, message: error.message, requestId }) + '\n'
  if (isDatabaseUnavailable(error))
    return JSON.stringify({ type: 'error', status: 503, message: `${error.message} Try again in a moment.`, requestId }) + '\n'
  console.error(`[${requestId}] streamed run failed:`, error)
  return JSON.stringify({ type: 'error', status: 500, message: 'Something went wrong on our side. Please try again.', requestId }) + '\n'
}
