/**
 * AWS Signature Version 4 as S3 clients sign requests: in the `Authorization` header, or in the
 * query of a presigned URL. The platform signs the request again with the secret of the access key
 * it names and compares; a request is accepted within 15 minutes of its `x-amz-date` (a presigned
 * one until its `X-Amz-Expires`). Pure: the secret is looked up by the caller of `verifySignature`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { accessDenied, malformedAuthorization, requestTimeTooSkewed, signatureMismatch } from './errors'

export const ALGORITHM = 'AWS4-HMAC-SHA256'
/** How far a request's date may be from the platform's clock. */
const SKEW_MS = 15 * 60 * 1000
/** The longest a presigned URL may last (S3's own limit: 7 days). */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60

export type SignedRequest = {
  method: string
  /** The path as sent, still percent-encoded: what the client signed. */
  rawPath: string
  /** The query as sent, without the `?`. */
  rawQuery: string
  headers: IncomingHttpHeaders
}

export type Signature = {
  accessKeyId: string
  /** `YYYYMMDD/region/s3/aws4_request` */
  scope: string
  date: string
  region: string
  amzDate: string
  signedHeaders: string[]
  signature: string
  /** What the client says of the body: its SHA-256, `UNSIGNED-PAYLOAD`, or one of the STREAMING-… forms. */
  payloadHash: string
  presigned: boolean
  expiresSeconds: number | null
  /** `x-amz-security-token`: a user's access token, when the key is the project's anon key. */
  sessionToken: string | null
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding, as SigV4 wants every query key and value. */
export const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const decodeQueryPart = (part: string) => {
  try {
    return decodeURIComponent(part)
  } catch {
    throw malformedAuthorization('The query is not valid percent-encoding.')
  }
}

/** The query's pairs, decoded, in the order sent. */
export function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return []
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=')
      return at < 0 ? [decodeQueryPart(pair), ''] : [decodeQueryPart(pair.slice(0, at)), decodeQueryPart(pair.slice(at + 1))]
    })
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')

const AMZ_DATE = /^(\d{8})T\d{6}Z$/

function parseCredential(credential: string, amzDate: string): Pick<Signature, 'accessKeyId' | 'scope' | 'date' | 'region'> {
  const parts = credential.split('/')
  if (parts.length !== 5 || parts[3] !== 's3' || parts[4] !== 'aws4_request') throw malformedAuthorization('The Credential must be <access key id>/<date>/<region>/s3/aws4_request.')
  const [accessKeyId, date, region] = parts
  if (!accessKeyId || !/^\d{8}$/.test(date) || !region) throw malformedAuthorization('The Credential must be <access key id>/<date>/<region>/s3/aws4_request.')
  if (AMZ_DATE.exec(amzDate)?.[1] !== date) throw malformedAuthorization("The Credential's date is not the date of X-Amz-Date.")
  return { accessKeyId, scope: parts.slice(1).join('/'), date, region }
}

/** The signature a request carries, read from its header or its presigned query; null when it carries none. */
export function readSignature(req: SignedRequest): Signature | null {
  const header = headerText(req.headers.authorization)
  const pairs = queryPairs(req.rawQuery)
  const query = new Map(pairs)
  const sessionHeader = headerText(req.headers['x-amz-security-token'])
  if (header) {
    if (!header.startsWith(`${ALGORITHM} `)) throw malformedAuthorization(`Only ${ALGORITHM} (Signature Version 4) is accepted.`)
    const fields = new Map(
      header
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((field) => field.trim().split('=') as [string, string])
    )
    const credential = fields.get('Credential')
    const signedHeaders = fields.get('SignedHeaders')
    const signature = fields.get('Signature')
    const amzDate = headerText(req.headers['x-amz-date'])
    if (!credential || !signedHeaders || !signature) throw malformedAuthorization('The Authorization header needs Credential, SignedHeaders and Signature.')
    if (!AMZ_DATE.test(amzDate)) throw malformedAuthorization('The request needs an X-Amz-Date header (YYYYMMDDTHHMMSSZ).')
    const payloadHash = headerText(req.headers['x-amz-content-sha256'])
    if (!payloadHash) throw malformedAuthorization('The request needs an x-amz-content-sha256 header.')
    return {
      ...parseCredential(credential, amzDate),
      amzDate,
      signedHeaders: signedHeaders.split(';'),
      signature,
      payloadHash,
      presigned: false,
      expiresSeconds: null,
      sessionToken: sessionHeader || null,
    }
  }
  if (!query.has('X-Amz-Signature')) return null
  if (query.get('X-Amz-Algorithm') !== ALGORITHM) throw malformedAuthorization(`Only ${ALGORITHM} (Signature Version 4) is accepted.`)
  const amzDate = query.get('X-Amz-Date') ?? ''
  const expires = query.get('X-Amz-Expires') ?? ''
  if (!AMZ_DATE.test(amzDate)) throw malformedAuthorization('X-Amz-Date must be YYYYMMDDTHHMMSSZ.')
  if (!/^\d{1,7}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_PRESIGNED_SECONDS) throw malformedAuthorization('X-Amz-Expires must be 1 to 604800 seconds.')
  return {
    ...parseCredential(query.get('X-Amz-Credential') ?? '', amzDate),
    amzDate,
    signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: query.get('X-Amz-Signature') ?? '',
    payloadHash: 'UNSIGNED-PAYLOAD',
    presigned: true,
    expiresSeconds: Number(expires),
    sessionToken: query.get('X-Amz-Security-Token') || sessionHeader || null,
  }
}

const timeOf = (amzDate: string) => Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`)

export function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request')
}

/** The string the client signed. */
export function stringToSign(req: SignedRequest, sig: Signature): string {
  if (!sig.signedHeaders.includes('host')) throw malformedAuthorization('The signed headers must include host.')
  const pairs = queryPairs(req.rawQuery).filter(([k]) => !(sig.presigned && k === 'X-Amz-Signature'))
  const canonicalHeaders = sig.signedHeaders.map((name) => `${name}:${headerText(req.headers[name])}\n`).join('')
  const canonicalRequest = [req.method, req.rawPath, canonicalQuery(pairs), canonicalHeaders, sig.signedHeaders.join(';'), sig.payloadHash].join('\n')
  return [ALGORITHM, sig.amzDate, sig.scope, sha256Hex(canonicalRequest)].join('\n')
}

export const sameHex = (a: string, b: string) => a.length === b.length && /^[0-9a-f]+$/.test(a) && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Checks the request's signature with `secret` and its date against `now`; answers the signing
 * key, which a streamed body's chunk signatures are checked with.
 */
export function verifySignature(req: SignedRequest, sig: Signature, secret: string, now = Date.now()): Buffer {
  // As S3 does: every x-amz-* header sent (a copy source, metadata, a decoded length) and the
  // body's encoding must be signed, or a signed request could be sent again meaning something else.
  const unsigned = Object.keys(req.headers).find(
    (name) => (name.startsWith('x-amz-') || name === 'content-encoding') && !sig.signedHeaders.includes(name) && !(sig.presigned && name === 'x-amz-content-sha256')
  )
  if (unsigned) throw accessDenied(`The header ${unsigned} must be signed.`)
  const signed = timeOf(sig.amzDate)
  if (!Number.isFinite(signed)) throw malformedAuthorization('X-Amz-Date is not a date.')
  if (sig.presigned) {
    if (signed - now > SKEW_MS) throw accessDenied('Request is not valid yet')
    if (now > signed + sig.expiresSeconds! * 1000) throw accessDenied('Request has expired')
  } else if (Math.abs(now - signed) > SKEW_MS) {
    throw requestTimeTooSkewed()
  }
  const key = signingKey(secret, sig.date, sig.region)
  const expected = createHmac('sha256', key).update(stringToSign(req, sig)).digest('hex')
  if (!sameHex(sig.signature, expected)) throw signatureMismatch()
  return key
}

/** The signature of one chunk of a STREAMING-AWS4-HMAC-SHA256-PAYLOAD body, chained from the one before. */
export function chunkSignature(key: Buffer, sig: Pick<Signature, 'amzDate' | 'scope'>, previous: string, chunkHash: string): string {
  const text = ['AWS4-HMAC-SHA256-PAYLOAD', sig.amzDate, sig.scope, previous, sha256Hex(''), chunkHash].join('\n')
  return createHmac('sha256', key).update(text).digest('hex')
}

/** The signature of a signed body's trailing headers (…-PAYLOAD-TRAILER). */
export function trailerSignature(key: Buffer, sig: Pick<Signature, 'amzDate' | 'scope'>, previous: string, trailer: string): string {
  const text = ['AWS4-HMAC-SHA256-TRAILER', sig.amzDate, sig.scope, previous, sha256Hex(trailer)].join('\n')
  return createHmac('sha256', key).update(text).digest('hex')
}

