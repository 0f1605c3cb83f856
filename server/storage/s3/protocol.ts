/**
 * The S3 protocol of a project's storage at `{site}/p/{ref}/storage/v1/s3`, path-style, for S3
 * clients (`@aws-sdk/client-s3`, rclone, …). A request is signed (SigV4, sigv4.ts) either with one
 * of the project's S3 access keys (it acts as the service role) or, as Supabase documents, with the
 * project's ref as access key id, its anon key as secret and a user's access token as session
 * token (it acts as that user, under the bucket's policies). Then it runs on the storage API's own
 * endpoints (operations.ts, multipart.ts); errors are S3's XML (errors.ts).
 */
import { signApiKey } from '../../data-api/keys'
import type { PassedGate, ServiceCall } from '../../gateway/types'
import { errorAnswer } from '../../http/error-answer'
import { isPlatformError } from '../../kernel/errors'
import type { Platform } from '../../kernel/platform'
import { readOnlyModeMessage } from '../../sql/not-serving'
import { callerOfToken, serviceCaller, type Caller } from '../caller'
import type { StorageContext } from '../context'
import { fromDatabase, isStorageError } from '../errors'
import { accessKeySecret } from './access-keys'
import { readText, requestBody, type S3Call } from './call'
import { accessDenied, errorXml, fromStorageError, invalidAccessKey, invalidArgument, isS3Error, notImplemented, S3Error } from './errors'
import * as multipart from './multipart'
import * as op from './operations'
import { documentOf } from './xml'
import { queryPairs, readSignature, verifySignature, type Signature, type SignedRequest } from './sigv4'

export type S3ContextMaker = (caller: Caller, params: Record<string, string>, extras: { json?: Record<string, unknown>; headers?: Record<string, string> }) => Promise<StorageContext>

type Operation = (s3: S3Call) => Promise<void>

/** Sub-resources of a bucket this endpoint does not keep (policies, CORS, lifecycle, …): said, not ignored. */
const UNOFFERED = ['acl', 'policy', 'cors', 'lifecycle', 'tagging', 'website', 'encryption', 'replication', 'notification', 'object-lock', 'logging', 'ownershipControls', 'publicAccessBlock', 'accelerate', 'requestPayment', 'retention', 'legal-hold', 'torrent', 'restore', 'select', 'attributes', 'uploads']

/** The operation a request asks for, by its method, what its path names and its query. */
export function operationOf(method: string, bucket: string | null, key: string | null, q: URLSearchParams, copySource: boolean): Operation | string {
  const unoffered = UNOFFERED.find((name) => q.has(name) && !(name === 'uploads' && key !== null && method === 'POST'))
  if (unoffered) return `The ${unoffered} sub-resource`
  if (bucket === null) return method === 'GET' ? op.listAllBuckets : `${method} on the service`
  if (key === null) {
    if (method === 'GET' && q.has('location')) return op.bucketLocation
    if (method === 'GET' && q.has('versioning')) return async (s3) => s3.send(200, documentOf('VersioningConfiguration', {}))
    if (method === 'GET') return op.listObjects
    if (method === 'HEAD') return op.headBucket
    if (method === 'PUT') return op.makeBucket
    if (method === 'DELETE') return op.removeBucket
    if (method === 'POST' && q.has('delete')) return op.deleteObjects
    return `${method} on a bucket`
  }
  if (q.has('uploadId')) {
    if (method === 'PUT' && copySource) return 'UploadPartCopy'
    if (method === 'PUT') return multipart.uploadPart
    if (method === 'POST') return multipart.completeMultipartUpload
    if (method === 'DELETE') return multipart.abortMultipartUpload
    if (method === 'GET') return multipart.listParts
  }
  if (method === 'POST' && q.has('uploads')) return multipart.createMultipartUpload
  if (method === 'GET' || method === 'HEAD') return op.getObject
  if (method === 'PUT') return copySource ? op.copyObjectS3 : op.putObject
  if (method === 'DELETE') return op.deleteObject
  return `${method} on an object`
}

/** The bucket and key of a path below `/s3` (still encoded), decoded; a trailing slash on a bucket names the bucket. */
export function bucketAndKey(rest: string): { bucket: string | null; key: string | null } {
  const path = rest.replace(/^\//, '')
  if (!path) return { bucket: null, key: null }
  const slash = path.indexOf('/')
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text)
    } catch {
      throw invalidArgument('The path is not valid percent-encoding.')
    }
  }
  if (slash < 0 || slash === path.length - 1) return { bucket: decode(path.replace(/\/$/, '')), key: null }
  return { bucket: decode(path.slice(0, slash)), key: decode(path.slice(slash + 1)) }
}

/** The request as it was sent and signed: its path still encoded, its query unparsed. */
function signedRequestOf(call: ServiceCall): SignedRequest {
  const raw = call.req.url ?? '/'
  const at = raw.indexOf('?')
  return { method: call.req.method ?? 'GET', rawPath: at < 0 ? raw : raw.slice(0, at), rawQuery: at < 0 ? '' : raw.slice(at + 1), headers: call.req.headers }
}

/**
 * The path below `/s3`, from the path that was signed: never from one the URL parser resolved
 * (`a/../../other/b` must stay a name in its bucket, not become another bucket's object).
 */
function signedRest(request: SignedRequest, ref: string): string {
  const prefix = `/p/${ref}/storage/v1/s3`
  if (request.rawPath !== prefix && !request.rawPath.startsWith(`${prefix}/`)) throw invalidArgument(`Address the S3 endpoint as ${prefix}/{bucket}/{key}, path-style.`)
  return request.rawPath.slice(prefix.length)
}

/** Who a signed request acts as, once its signature is checked; and the key its body's chunks are signed with. */
async function authenticate(platform: Platform, request: SignedRequest, gate: PassedGate): Promise<{ caller: Caller; signing: { key: Buffer; sig: Signature } }> {
  const sig = readSignature(request)
  if (!sig) throw accessDenied("Sign the request (SigV4) with an S3 access key of the project (Project settings → Storage), or with the project's ref, anon key and a user's access token as session token.")
  const ref = gate.project.ref
  let secret: string | null
  if (sig.sessionToken) {
    if (sig.accessKeyId !== ref) throw invalidAccessKey()
    secret = await signApiKey(gate.settings.jwtSecret, 'anon', ref, gate.settings.jwtSecretCreatedAt)
  } else {
    secret = await accessKeySecret(platform, ref, sig.accessKeyId)
  }
  if (!secret) throw invalidAccessKey()
  const key = verifySignature(request, sig, secret)
  const caller = sig.sessionToken ? await callerOfToken(sig.sessionToken, gate) : serviceCaller(gate)
  return { caller, signing: { key, sig } }
}

function asS3Error(error: unknown, requestId: string): S3Error {
  if (isS3Error(error)) return error
  if (isStorageError(error)) return fromStorageError(error)
  const known = fromDatabase(error)
  if (known) return fromStorageError(known)
  if (isPlatformError(error)) return new S3Error(error.status === 409 ? 'OperationAborted' : 'InvalidRequest', error.message, error.status >= 500 ? 503 : 400)
  const { status, body } = errorAnswer(error, 'platform', requestId)
  return new S3Error('InternalError', String(body.message), status)
}

export async function serveS3(platform: Platform, call: ServiceCall, gate: PassedGate, contextOf: S3ContextMaker): Promise<void> {
  const method = call.req.method ?? 'GET'
  const send: S3Call['send'] = (status, xml, headers = {}) => {
    call.res.writeHead(status, { 'x-amz-request-id': call.requestId, ...(xml ? { 'Content-Type': 'application/xml' } : {}), ...headers })
    call.res.end(method === 'HEAD' ? undefined : xml)
  }
  try {
    const request = signedRequestOf(call)
    const { caller, signing } = await authenticate(platform, request, gate)
    if (gate.project.read_only && method !== 'GET' && method !== 'HEAD')
      throw new S3Error('AccessDenied', `${readOnlyModeMessage(null, null)} Downloads and lists still work.`, 403)
    const { bucket, key } = bucketAndKey(signedRest(request, gate.project.ref))
    // The query as it was signed (a `+` is a plus, as SigV4 reads it, not a space).
    const query = new URLSearchParams(queryPairs(request.rawQuery))
    const operation = operationOf(method, bucket, key, query, typeof call.req.headers['x-amz-copy-source'] === 'string')
    if (typeof operation === 'string') throw notImplemented(operation)
    let body: ReturnType<S3Call['body']> | null = null
    const header = (name: string) => {
      const value = call.req.headers[name]
      return typeof value === 'string' ? value : undefined
    }
    const s3: S3Call = {
      call,
      method,
      bucket,
      key,
      query,
      caller,
      context: (params, extras = {}) => contextOf(caller, params, extras),
      body: () => (body ??= requestBody(call, signing.sig, signing.key, platform.config.bodyTimeoutMs)),
      declaredLength: () => {
        const length = signing.sig.payloadHash.startsWith('STREAMING-') ? header('x-amz-decoded-content-length') : header('content-length')
        return length !== undefined && /^\d+$/.test(length) ? Number(length) : null
      },
      text: (maxBytes = 1024 * 1024) => readText(s3.body(), maxBytes),
      header,
      send,
    }
    await operation(s3)
  } catch (error) {
    if (!call.res.socket || call.res.socket.destroyed) return
    if (call.res.headersSent) return void call.res.destroy()
    const s3Error = asS3Error(error, call.requestId)
    // The rest of a refused body is not read: the connection ends with the answer.
    if (!call.req.readableEnded) call.res.setHeader('Connection', 'close')
    send(s3Error.status, errorXml(s3Error, call.url.pathname, call.requestId))
  }
}
