/**
 * Resumable uploads at `/storage/v1/upload/resumable`: the TUS protocol (1.0.0, creation,
 * termination) as tus-js-client and Studio speak it, by `@tus/server` on the platform's rows and
 * the storage backend's bytes (resumable-store.ts: an upload survives a broken connection and an
 * app restart, and goes on through any app copy).
 * The object is named by the upload's metadata (`bucketName`, `objectName`, `contentType`,
 * `cacheControl`, `metadata`); creating the upload and every chunk are asked of the caller's
 * policies, as Supabase's storage does; the last chunk makes the object (its bytes copied into a
 * version, its row written as the service role, owned by whoever created the upload).
 *
 * An upload's id is its project's ref, a dot and a random part: a request through another
 * project's URL finds nothing. Uploads left unfinished are removed after a day.
 */
import type { IncomingMessage } from 'node:http'
import { randomUUID } from 'node:crypto'
import { Server, type ServerOptions } from '@tus/server'
import type { Upload } from '@tus/utils'
import type { Platform } from '../kernel/platform'
import type { StorageBackend } from './backend/types'
import { partsInOrder } from './backend/concat'
import { PlatformUploadStore } from './resumable-store'
import { projectTarget } from '../gateway/target'
import { ownOrigin } from '../auth/redirects'
import type { Caller } from './caller'
import type { StorageAnswer, StorageContext } from './context'
import { StorageError, fromDatabase, isStorageError } from './errors'
import { assertBucketName, assertMimeAllowed, assertObjectKey, formatBytes } from './names'
import { bucketOf } from './buckets'
import { assertMayWrite, storeUpload } from './objects'

/** Unfinished uploads older than this are removed. */
const EXPIRY_MS = 24 * 60 * 60 * 1000

type Pending = { ctx: StorageContext; caller: Caller }

/**
 * The upload a path below `/upload/resumable` names, when it is one of project `ref`'s: another
 * project's upload is nobody's here (a ref holds no dot, so what precedes the first is the ref).
 */
export function uploadIdOf(ref: string, rest: string): string | undefined {
  const id = /^\/upload\/resumable\/([a-z0-9_-]+\.[0-9a-f]{32})$/.exec(rest)?.[1]
  return id && id.slice(0, id.indexOf('.')) === ref ? id : undefined
}

/** Resumable uploads one project may have unfinished at once. */
export const MAX_UNFINISHED_PER_PROJECT = 10

/** A refusal in the protocol's terms: its status and a sentence (TUS answers plain text). */
const refusal = (status: number, body: string) => ({ status_code: status, body: `${body}\n` })

/** A storage error as TUS answers it: the status it stands for. */
function asRefusal(error: unknown) {
  if (isStorageError(error)) return refusal(Number(error.statusCode) || 400, error.message)
  const known = fromDatabase(error)
  if (known) return refusal(Number(known.statusCode) || 400, known.message)
  throw error
}

export class ResumableUploads {
  private readonly server: Server
  /** What the request being handled works with, for the protocol's hooks (which get only the request). */
  private readonly pending = new WeakMap<IncomingMessage, Pending>()
  private readonly store: PlatformUploadStore

  constructor(platform: Platform, backend: StorageBackend) {
    this.store = new PlatformUploadStore(platform, backend, EXPIRY_MS)
    const options: Omit<ServerOptions, 'locker'> & { datastore: PlatformUploadStore } = {
      path: '/upload/resumable',
      datastore: this.store,
      disableTerminationForFinishedUploads: true,
      exposedHeaders: ['X-Request-Id'],
      // The URL the client was given, below the project's: `{site}/p/{ref}/storage/v1/upload/resumable/{id}`.
      generateUrl: (req, { id }) => {
        const { ctx } = this.of(req)
        return `${ownOrigin(ctx.platform, ctx.call.req)}/p/${ctx.gate.project.ref}/storage/v1/upload/resumable/${id}`
      },
      getFileIdFromRequest: (req) => {
        const target = projectTarget(new URL(req.url).pathname.replace(/^\/api(?=\/)/, ''))
        return target ? uploadIdOf(target.ref, target.rest) : undefined
      },
      namingFunction: (req) => `${this.of(req).ctx.gate.project.ref}.${randomUUID().replace(/-/g, '')}`,
      maxSize: (req) => this.of(req).ctx.uploadLimit.bytes,
      onUploadCreate: async (req, upload) => {
        const { ctx, caller } = this.of(req)
        // Each unfinished upload keeps its bytes until it is finished or a day old: a project has
        // only so many at once.
        const unfinished = await this.store.unfinishedOf(ctx.gate.project.ref)
        if (unfinished >= MAX_UNFINISHED_PER_PROJECT)
          throw refusal(429, `This project has ${unfinished} resumable uploads unfinished (${MAX_UNFINISHED_PER_PROJECT} at most): finish or cancel one first. An upload left alone is removed a day after its last byte.`)
        try {
          const { bucket, name, mimetype } = await this.checked(ctx, upload)
          const upsert = ctx.header('x-upsert') === 'true'
          await assertMayWrite(ctx, caller, 'object.upload_resumable', { bucket: bucket.id, name, metadata: { mimetype, contentLength: upload.size }, userMetadata: {} }, upsert)
          // Kept by the platform, not the client: who made it and whether it may replace.
          return { metadata: { ...upload.metadata, owner: caller.sub ?? '', upsert: String(upsert) } }
        } catch (error) {
          throw asRefusal(error)
        }
      },
      onIncomingRequest: async (req, id) => {
        if (req.method !== 'PATCH') return
        const { ctx, caller } = this.of(req)
        try {
          const upload = await this.server.datastore.getUpload(id)
          const { bucket, name, mimetype } = await this.checked(ctx, upload)
          await assertMayWrite(ctx, caller, 'object.upload_resumable', { bucket: bucket.id, name, metadata: { mimetype, contentLength: upload.size }, userMetadata: {} }, upload.metadata?.upsert === 'true')
        } catch (error) {
          if ((error as { status_code?: number }).status_code) throw error
          throw asRefusal(error)
        }
      },
      onUploadFinish: async (req, upload) => {
        const { ctx } = this.of(req)
        try {
          const { bucket, name, mimetype } = await this.checked(ctx, upload)
          await storeUpload(ctx, bucket, name, {
            caller: null,
            owner: upload.metadata?.owner || null,
            upsert: upload.metadata?.upsert === 'true',
            operation: 'object.upload_resumable',
            body: {
              stream: partsInOrder(ctx.backend, await this.store.partKeys(upload.id)),
              mimetype,
              cacheControl: upload.metadata?.cacheControl ? `max-age=${upload.metadata.cacheControl}` : 'no-cache',
              userMetadata: parseMetadata(upload.metadata?.metadata),
              declaredLength: upload.size ?? null,
            },
          })
          await this.server.datastore.remove(upload.id)
          return {}
        } catch (error) {
          throw asRefusal(error)
        }
      },
    }
    this.server = new Server(options)
  }

  /** A deleted project's uploads under way go with it. */
  removeProject(ref: string): Promise<void> {
    return this.store.removeProject(ref)
  }

  private of(req: { runtime?: { node?: { req: unknown } } }): Pending {
    const node = req.runtime?.node?.req as IncomingMessage | undefined
    const found = node && this.pending.get(node)
    if (!found) throw refusal(500, 'The upload lost its request.')
    return found
  }

  /** The bucket and name an upload's metadata gives, checked as an upload's are. */
  private async checked(ctx: StorageContext, upload: Upload) {
    const bucketId = upload.metadata?.bucketName ?? ''
    const name = upload.metadata?.objectName ?? ''
    assertBucketName(bucketId)
    assertObjectKey(name)
    const bucket = await bucketOf(ctx, bucketId)
    if (!bucket) throw new StorageError('404', 'Bucket not found', 'NoSuchBucket', 'Bucket not found')
    const mimetype = upload.metadata?.contentType || 'application/octet-stream'
    assertMimeAllowed(mimetype, bucket.allowed_mime_types)
    const limit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit)
    if (limit !== null && upload.size !== undefined && upload.size > limit)
      throw new StorageError('413', 'Payload too large', 'EntityTooLarge', `The object exceeded the maximum allowed size (${formatBytes(limit)} in bucket ${bucket.id}).`)
    return { bucket, name, mimetype }
  }

  /** `/upload/resumable[/{id}]`: the protocol's requests, once the gate passed. */
  async serve(ctx: StorageContext): Promise<StorageAnswer> {
    const caller = await ctx.caller()
    this.pending.set(ctx.call.req, { ctx, caller })
    // A chunk that stops arriving ends its connection: the client resumes from the offset kept.
    const socket = ctx.call.req.socket
    socket.setTimeout(ctx.platform.config.bodyTimeoutMs, () => socket.destroy())
    try {
      await this.server.handle(ctx.call.req, ctx.call.res)
    } finally {
      socket.setTimeout(0)
      this.pending.delete(ctx.call.req)
    }
    return undefined
  }

  /** Unfinished uploads past their day. */
  removeExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads()
  }
}

function parseMetadata(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null
  try {
    const parsed = JSON.parse(json) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}
