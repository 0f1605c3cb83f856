/**
 * Storage as one of the gateway's project services (`/p/{ref}/storage/v1`): the endpoints
 * storage-js calls (buckets.ts, objects.ts), their metadata in the project's `storage` schema
 * (database.ts) and their bytes in a backend (backend/), requests in `storage_logs`, errors as
 * storage-js reads them (errors.ts). Public objects and signed URLs need no key; in read-only mode
 * it serves downloads, lists and signed URLs, and takes no uploads or changes.
 */
import os from 'node:os'
import path from 'node:path'
import type { Platform } from '../kernel/platform'
import type { GatedProject, PassedGate, ProjectService, ReleaseReason, ServiceCall } from '../gateway/types'
import { serviceNamed } from '../gateway/services'
import { publicAnswer } from '../gateway/answers'
import { admitClient } from '../gateway/admission'
import { clientIp, readJsonBody } from '../http/guards'
import { isPlatformError, PlatformError } from '../kernel/errors'
import { readOnlyModeMessage } from '../sql/not-serving'
import { apiSettingsOf } from '../data-api/settings'
import { errorAnswer } from '../http/error-answer'
import type { PlanId } from '@/lib/api-types'
import { FileBackend } from './backend/file-backend'
import { S3Backend } from './backend/s3-backend'
import type { StorageBackend } from './backend/types'
import { callerOf, serviceCaller, type Caller } from './caller'
import type { StorageAnswer, StorageContext } from './context'
import { StorageDatabases } from './database'
import { ResumableUploads } from './resumable'
import { FairSlots } from './fair-slots'
import { isStorageError, invalidRequest, notFoundRoute, StorageError, fromDatabase } from './errors'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets'
import {
  copyObject,
  downloadObject,
  downloadSigned,
  listObjects,
  moveObject,
  objectInfo,
  removeObject,
  removeObjects,
  signObject,
  signObjects,
  signUpload,
  uploadObject,
  uploadSigned,
} from './objects'
import { listObjectsV2 } from './list-v2'
import { renderObject, renderSigned } from './transform'
import { removeProjectAccessKeys } from './s3/access-keys'
import { projectFileSizeLimit, removeProjectStorageSettings, uploadLimitOf } from './settings'
import { removeExpiredMultipartUploads, removeProjectMultipartUploads } from './s3/multipart'
import { serveS3 } from './s3/protocol'
import { sweepOrphanBytes } from './sweep'

/** Transformations at once per app copy (each keeps a core busy), and how many one project may have waiting. */
const TRANSFORMATION_SLOTS = Math.max(2, os.availableParallelism())
const TRANSFORMATIONS_WAITING_PER_PROJECT = 16

type Endpoint = (ctx: StorageContext) => Promise<StorageAnswer>
/**
 * `open`: answered without a key (a public object, a signed URL: the token is the key);
 * `reads`: a POST that only reads (lists, signing), still served in read-only mode.
 */
type Route = { methods: string[]; path: RegExp; endpoint: Endpoint; open?: boolean; reads?: boolean }

const BUCKET = '(?<bucket>[^/]+)'
const OBJECT = `${BUCKET}/(?<path>.+)`
const route = (methods: string[], pattern: string, endpoint: Endpoint, flags: { open?: boolean; reads?: boolean } = {}): Route => ({
  methods,
  path: new RegExp(`^${pattern}$`),
  endpoint,
  ...flags,
})

/** In the order Supabase's server matches them: the fixed segments before a bucket's name. */
const ROUTES: Route[] = [
  route(['GET'], '/bucket/?', listBuckets),
  route(['POST'], '/bucket/?', createBucket),
  route(['POST'], `/bucket/${BUCKET}/empty`, emptyBucket),
  route(['GET'], `/bucket/${BUCKET}`, getBucket),
  route(['PUT'], `/bucket/${BUCKET}`, updateBucket),
  route(['DELETE'], `/bucket/${BUCKET}`, deleteBucket),
  route(['POST'], '/object/move', moveObject),
  route(['POST'], '/object/copy', copyObject),
  route(['POST'], `/object/list/${BUCKET}`, listObjects, { reads: true }),
  route(['POST'], `/object/list-v2/${BUCKET}`, listObjectsV2, { reads: true }),
  route(['POST'], `/object/upload/sign/${OBJECT}`, signUpload),
  route(['PUT'], `/object/upload/sign/${OBJECT}`, uploadSigned, { open: true }),
  route(['POST'], `/object/sign/${OBJECT}`, signObject, { reads: true }),
  route(['POST'], `/object/sign/${BUCKET}`, signObjects, { reads: true }),
  route(['GET'], `/object/sign/${OBJECT}`, downloadSigned, { open: true }),
  route(['GET'], `/object/info/public/${OBJECT}`, (ctx) => objectInfo(ctx, 'public')),
  route(['GET'], `/object/info/authenticated/${OBJECT}`, (ctx) => objectInfo(ctx, 'authenticated')),
  route(['GET'], `/object/info/${OBJECT}`, (ctx) => objectInfo(ctx, 'any')),
  route(['GET'], `/render/image/authenticated/${OBJECT}`, (ctx) => renderObject(ctx, 'authenticated')),
  route(['GET'], `/render/image/public/${OBJECT}`, (ctx) => renderObject(ctx, 'public'), { open: true }),
  route(['GET'], `/render/image/sign/${OBJECT}`, renderSigned, { open: true }),
  route(['GET', 'HEAD'], `/object/public/${OBJECT}`, (ctx) => downloadObject(ctx, 'public'), { open: true }),
  route(['GET', 'HEAD'], `/object/authenticated/${OBJECT}`, (ctx) => downloadObject(ctx, 'authenticated')),
  route(['GET', 'HEAD'], `/object/${OBJECT}`, (ctx) => downloadObject(ctx, 'any')),
  route(['POST', 'PUT'], `/object/${OBJECT}`, uploadObject),
  route(['DELETE'], `/object/${OBJECT}`, removeObject),
  route(['POST', 'HEAD', 'PATCH', 'DELETE'], '/upload/resumable(?:/[a-z0-9_.-]+)?', (ctx) => ctx.resumable.serve(ctx)),
  route(['DELETE'], `/object/${BUCKET}`, removeObjects),
]

/** The S3 protocol's paths (s3/protocol.ts): signed requests, no `apikey`. */
const isS3 = (rest: string) => rest === '/s3' || rest.startsWith('/s3/') || rest.startsWith('/s3?')

/** Decodes each segment of a path; null when one is not valid percent-encoding. */
function decodedPath(rest: string): string | null {
  try {
    return rest
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/')
  } catch {
    return null
  }
}

/** The route that answers `method` on `rest` (decoded), if any. */
function routeOf(method: string, rest: string): { route: Route | undefined; decoded: string | null } {
  const decoded = decodedPath(rest)
  return { route: decoded === null ? undefined : ROUTES.find((r) => r.methods.includes(method) && r.path.test(decoded)), decoded }
}

export class StorageService implements ProjectService {
  readonly name = 'storage'
  readonly logSource = 'storage_logs'
  readonly exposedHeaders = ['Content-Length', 'Content-Type', 'ETag', 'Last-Modified', 'Cache-Control', 'Content-Disposition', 'Accept-Ranges', 'Upload-Offset', 'Upload-Length', 'Upload-Metadata', 'Tus-Resumable', 'Tus-Version', 'Tus-Max-Size', 'Tus-Extension']
  readonly databases: StorageDatabases
  readonly backend: StorageBackend
  readonly resumable: ResumableUploads
  readonly transformations = new FairSlots(TRANSFORMATION_SLOTS, TRANSFORMATIONS_WAITING_PER_PROJECT)

  constructor(private readonly platform: Platform) {
    const root = path.join(platform.config.dataDir, 'storage')
    this.databases = new StorageDatabases(platform)
    const { storage } = platform.config
    this.backend = storage.backend === 's3' ? new S3Backend(storage) : new FileBackend(root)
    this.resumable = new ResumableUploads(platform, this.backend)
  }

  // Decided on the route that will answer (the decoded path), not on the path as sent: a
  // `%2F` must not make a bucket's object look like a public or a signed one, or a write a read.
  keyOptional(method: string, rest: string) {
    return isS3(rest) || routeOf(method, rest).route?.open === true
  }

  refusedWhileReadOnly(method: string, rest: string) {
    // S3 clients read XML: the protocol refuses its writes itself.
    if (isS3(rest)) return null
    if (method === 'GET' || method === 'HEAD' || routeOf(method, rest).route?.reads) return null
    return 'Downloads, lists and signed URLs still work; delete objects to get back under the quota.'
  }

  async serve(call: ServiceCall) {
    const answerError = (error: StorageError) => {
      if (call.res.headersSent) return call.res.destroy()
      call.res.writeHead(error.httpStatus, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers })
      call.res.end(JSON.stringify(error.body))
    }
    const method = call.req.method ?? 'GET'
    const { route: found, decoded: rest } = routeOf(method, call.rest)
    const gate = await call.pass()
    if (!gate) return
    // One client address holds only so many of a project's storage requests (slow uploads).
    const max = this.platform.config.storageMaxRequestsPerClient
    if (!admitClient(call.res, 'storage', gate.project.ref, clientIp(call.req, this.platform.config.trustProxyHops), max))
      return answerError(new StorageError('429', 'TooManyRequests', 'TooManyRequests', `Too many requests to this project's storage are under way from your address (${max} at most at once); wait for one to end.`, 429, { 'Retry-After': '1' }))
    if (isS3(call.rest)) return serveS3(this.platform, call, gate, (caller, params, extras) => this.s3Context(call, gate, caller, params, extras))
    if (rest === null) return answerError(invalidRequest('The path is not valid percent-encoding.'))
    if (!found) return answerError(notFoundRoute(method, `/storage/v1${call.rest}`))
    try {
      const ctx = await this.context(call, gate, (found.path.exec(rest)?.groups ?? {}) as Record<string, string>)
      const answer = await found.endpoint(ctx)
      if (answer && !call.res.headersSent) {
        call.res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...answer.headers })
        call.res.end(JSON.stringify(answer.body))
      }
    } catch (error) {
      // A caller whose connection is gone (an upload broken off) is answered nothing: no failure of the platform's.
      if (!call.res.socket || call.res.socket.destroyed) return
      if (isStorageError(error)) return answerError(error)
      const known = fromDatabase(error)
      if (known) return answerError(known)
      if (isPlatformError(error)) return answerError(new StorageError(String(error.status), 'Error', 'InvalidRequest', error.message, error.status >= 500 ? error.status : 400))
      const { status, body, headers } = errorAnswer(error, 'platform', call.requestId)
      if (call.res.headersSent) return call.res.destroy()
      return publicAnswer(call.res, status, { statusCode: String(status), error: 'Internal', code: 'InternalError', message: body.message }, call.requestId, headers)
    }
  }

  private context(call: ServiceCall, gate: PassedGate, params: Record<string, string>): Promise<StorageContext> {
    let json: Promise<Record<string, unknown>> | null = null
    return this.contextOf(gate, params, {
      call,
      method: call.req.method ?? 'GET',
      query: call.url.searchParams,
      header: (name) => {
        const value = call.req.headers[name]
        return typeof value === 'string' ? value : undefined
      },
      caller: (options) => callerOf(call.req, gate, options),
      json: () =>
        (json ??= readJsonBody(call.req, { maxBytes: 1024 * 1024, timeoutMs: this.platform.config.bodyTimeoutMs }).then((body) => {
          if (body === undefined || body === null) return {}
          if (typeof body !== 'object' || Array.isArray(body)) throw invalidRequest('The body must be a JSON object.')
          return body as Record<string, unknown>
        })),
    })
  }

  /** A signed S3 request's context: its caller fixed by the signature, its JSON and headers what the operation hands the endpoint. */
  private s3Context(call: ServiceCall, gate: PassedGate, caller: Caller, params: Record<string, string>, extras: { json?: Record<string, unknown>; headers?: Record<string, string> }) {
    return this.contextOf(gate, params, {
      call,
      method: call.req.method ?? 'GET',
      query: new URLSearchParams(),
      header: (name) => extras.headers?.[name],
      caller: async () => caller,
      json: async () => extras.json ?? {},
    })
  }

  private async contextOf(
    gate: PassedGate,
    params: Record<string, string>,
    request: Pick<StorageContext, 'method' | 'query' | 'header' | 'caller' | 'json'> & { call: ServiceCall | null }
  ): Promise<StorageContext> {
    // The plan and the project's upload limit come with the gate; asked for only when a caller handed a project without them.
    const [db, plan, projectLimit] = await Promise.all([
      this.databases.open(gate.project),
      gate.project.plan ?? this.platform.db.query<{ plan: PlanId }>('select plan from organizations where id = $1', [gate.project.organization_id]).then((rows) => rows[0].plan),
      gate.project.storage_file_size_limit !== undefined ? gate.project.storage_file_size_limit : projectFileSizeLimit(this.platform, gate.project.ref),
    ])
    const { call, ...rest } = request
    return {
      platform: this.platform,
      get call(): ServiceCall {
        if (!call) throw new Error('This storage endpoint streams; the dashboard calls only the JSON ones.')
        return call
      },
      ...rest,
      gate,
      db,
      backend: this.backend,
      transformations: this.transformations,
      resumable: this.resumable,
      params,
      service: serviceCaller(gate),
      plan,
      uploadLimit: uploadLimitOf(plan, projectLimit),
    }
  }

  /**
   * One of the storage API's JSON endpoints, for the dashboard (dashboard.handlers.ts): as the
   * service role, for a member the roles policy let through, under the same routes and read-only
   * rule as an application's call. A refusal is thrown as the StorageError it is.
   */
  async act(project: GatedProject, request: { method: string; rest: string; query?: Record<string, string>; body?: Record<string, unknown>; headers?: Record<string, string> }, readOnlyNote: string | null = null): Promise<StorageAnswer> {
    const { route: found, decoded } = routeOf(request.method, request.rest)
    if (!found || decoded === null) throw notFoundRoute(request.method, `/storage/v1${request.rest}`)
    const readOnlyHint = project.read_only ? this.refusedWhileReadOnly(request.method, request.rest) : null
    if (readOnlyHint) throw new PlatformError(409, `${readOnlyModeMessage(null, readOnlyNote)} ${readOnlyHint}`)
    const settings = await apiSettingsOf(this.platform, project.ref)
    const gate: PassedGate = { project, settings, keyRole: 'service_role', key: '' }
    const headers = new Map(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]))
    const ctx = await this.contextOf(gate, (found.path.exec(decoded)?.groups ?? {}) as Record<string, string>, {
      call: null,
      method: request.method,
      query: new URLSearchParams(request.query ?? {}),
      header: (name) => headers.get(name),
      caller: async () => serviceCaller(gate),
      json: async () => request.body ?? {},
    })
    return found.endpoint(ctx)
  }

  /** A deleted project's bytes go with it, and the platform's account of them. */
  async release(ref: string, reason: ReleaseReason) {
    await this.databases.end(ref)
    if (reason !== 'delete') return
    await this.resumable.removeProject(ref)
    await removeProjectAccessKeys(this.platform, ref)
    await removeProjectStorageSettings(this.platform, ref)
    await removeProjectMultipartUploads(this.platform, ref)
    await this.backend.removePrefix(`${ref}/`)
    await this.platform.db.query('delete from storage_versions where project_ref = $1', [ref])
  }

  async close() {
    await this.databases.endAll()
    await this.backend.close()
  }
}

/** Removes resumable and multipart uploads left unfinished for a day, and bytes no object names (the scheduler's pass). */
export async function pruneUnfinishedUploads(platform: Platform): Promise<void> {
  const service = serviceNamed(platform, 'storage') as StorageService | undefined
  await service?.resumable.removeExpired().catch((error) => console.warn('Removing unfinished resumable uploads failed:', (error as Error).message))
  if (!service) return
  await removeExpiredMultipartUploads(platform, service.backend).catch((error) => console.warn('Removing unfinished multipart uploads failed:', (error as Error).message))
  await sweepOrphanBytes(platform, service.databases, service.backend).catch((error) => console.warn('Sweeping storage bytes failed:', (error as Error).message))
}

/** This platform's storage (its bytes' backend, its pools). */
export function storageService(platform: Platform): StorageService {
  // Not `instanceof`: Next bundles this module more than once (see data-api/data-api-service.ts).
  const service = serviceNamed(platform, 'storage') as StorageService | undefined
  if (!service?.backend) throw new Error('The platform has no storage service')
  return service
}
