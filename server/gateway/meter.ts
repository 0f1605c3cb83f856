/**
 * The bytes of an answer, counted as they are written: every service's answer is metered the same
 * way, whether it is written at once, piped from an upstream or streamed from a file.
 */
import type { ServerResponse } from 'node:http'

type Chunk = string | Uint8Array

const lengthOf = (chunk: unknown, encoding?: unknown): number =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk instanceof Uint8Array ? chunk.byteLength : 0

/** Has `counted` told the size of each chunk `res` writes from now on (a HEAD answer writes none). */
export function meterAnswer(res: ServerResponse, counted: (bytes: number) => void): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  const count = (chunk: unknown, encoding: unknown) => {
    if (res.req?.method === 'HEAD') return
    const bytes = lengthOf(chunk as Chunk, encoding)
    if (bytes > 0) counted(bytes)
  }
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    count(chunk, rest[0])
    return write(chunk, ...rest)
  }) as ServerResponse['write']
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && typeof chunk !== 'function') count(chunk, rest[0])
    return end(chunk, ...rest)
  }) as ServerResponse['end']
}
