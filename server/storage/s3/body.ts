/**
 * An S3 request's body as the bytes it stands for. S3 clients send a body in one of three ways,
 * named by `x-amz-content-sha256`: its SHA-256 (checked as the bytes pass), `UNSIGNED-PAYLOAD`
 * (taken as it is), or `aws-chunked` framing (`STREAMING-…`: chunks of `<hex size>[;chunk-signature=…]`,
 * then trailing headers such as a checksum). A signed chunk's signature is checked against the one
 * before it, so a body cannot be cut or changed on the way; the bytes are streamed, never held.
 */
import { createHash, type Hash } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import { contentHashMismatch, incompleteBody, invalidArgument, signatureMismatch } from './errors'
import { chunkSignature, sameHex, trailerSignature, type Signature } from './sigv4'

const MAX_LINE = 4096
/** Trailing headers a body may end with (a checksum and its signature need two). */
const MAX_TRAILER_LINES = 8

/** A plain body whose SHA-256 must be `expected`: the stream fails at its end when it is not. */
export function hashChecked(expected: string): Transform {
  const hash = createHash('sha256')
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      done(null, chunk)
    },
    flush(done) {
      done(hash.digest('hex') === expected ? null : contentHashMismatch())
    },
  })
}

/**
 * The bytes of an aws-chunked body. `signing`: the signing key and the seed signature when the
 * chunks are signed (STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]); `decodedLength`: what
 * `x-amz-decoded-content-length` announced.
 */
export function dechunked({ signing, decodedLength }: { signing: { key: Buffer; sig: Signature } | null; decodedLength: number | null }): Transform {
  let state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size'
  let line = Buffer.alloc(0)
  let remaining = 0
  let chunkSig = ''
  let previous = signing?.sig.signature ?? ''
  let chunkHash: Hash | null = null
  let total = 0
  const trailer: string[] = []

  const verifyChunk = (hash: string) => {
    if (!signing) return
    const expected = chunkSignature(signing.key, signing.sig, previous, hash)
    if (!sameHex(chunkSig, expected)) throw signatureMismatch()
    previous = expected
  }

  /** Takes one CRLF-ended line from `data` at `at`; null while it has not all come. */
  const takeLine = (data: Buffer, at: number): { text: string; next: number } | null => {
    const end = data.indexOf('\r\n', at)
    if (end < 0) {
      line = Buffer.concat([line, data.subarray(at)])
      if (line.length > MAX_LINE) throw invalidArgument('The aws-chunked body has a line longer than 4096 bytes.')
      return null
    }
    const text = Buffer.concat([line, data.subarray(at, end)]).toString('latin1')
    line = Buffer.alloc(0)
    return { text, next: end + 2 }
  }

  const onSize = (text: string) => {
    const [size, ...extensions] = text.split(';')
    if (!/^[0-9a-fA-F]{1,16}$/.test(size)) throw invalidArgument('The aws-chunked body has a chunk size that is not hexadecimal.')
    chunkSig = extensions.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length) ?? ''
    if (signing && !chunkSig) throw signatureMismatch()
    remaining = parseInt(size, 16)
    chunkHash = signing ? createHash('sha256') : null
    if (remaining === 0) {
      verifyChunk(createHash('sha256').digest('hex'))
      state = 'trailer'
    } else {
      state = 'data'
    }
  }

  const onTrailer = (text: string) => {
    if (text !== '') {
      if (trailer.length >= MAX_TRAILER_LINES) throw invalidArgument(`The aws-chunked body has more than ${MAX_TRAILER_LINES} trailing headers.`)
      return void trailer.push(text)
    }
    const signatureLine = trailer.find((t) => t.startsWith('x-amz-trailer-signature:'))
    if (signing && signatureLine) {
      const headers = trailer.filter((t) => t !== signatureLine).map((t) => `${t}\n`).join('')
      const expected = trailerSignature(signing.key, signing.sig, previous, headers)
      if (!sameHex(signatureLine.slice('x-amz-trailer-signature:'.length), expected)) throw signatureMismatch()
    }
    state = 'done'
  }

  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      try {
        let at = 0
        while (at < data.length) {
          if (state === 'done') throw invalidArgument('The aws-chunked body goes on after its last chunk.')
          if (state === 'data') {
            const take = Math.min(remaining, data.length - at)
            const bytes = data.subarray(at, at + take)
            chunkHash?.update(bytes)
            this.push(bytes)
            total += take
            if (decodedLength !== null && total > decodedLength) throw incompleteBody()
            remaining -= take
            at += take
            if (remaining === 0) state = 'data-end'
            continue
          }
          const taken = takeLine(data, at)
          if (!taken) break
          at = taken.next
          if (state === 'size') onSize(taken.text)
          else if (state === 'data-end') {
            if (taken.text !== '') throw invalidArgument('The aws-chunked body has a chunk longer than its size.')
            verifyChunk(chunkHash?.digest('hex') ?? '')
            state = 'size'
          } else onTrailer(taken.text)
        }
        done()
      } catch (error) {
        done(error as Error)
      }
    },
    flush(done) {
      // A body that ends right after its last chunk's line, with no trailer's empty line, is whole too.
      if (state === 'trailer' && trailer.length === 0) state = 'done'
      if (state !== 'done') return done(incompleteBody())
      if (decodedLength !== null && total !== decodedLength) return done(incompleteBody())
      done()
    },
  })
}
