/** The bytes of a write as they pass: their size against the limit, and their MD5 (the ETag). */
import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import { ObjectTooLarge, type WrittenObject } from './types'

export function countedBytes(maxBytes: number): { stream: Transform; written(): WrittenObject } {
  const md5 = createHash('md5')
  let size = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength
      if (size > maxBytes) return done(new ObjectTooLarge(maxBytes))
      md5.update(chunk)
      done(null, chunk)
    },
  })
  return { stream, written: () => ({ size, etag: md5.digest('hex') }) }
}
