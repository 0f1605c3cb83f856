/**
 * The object endpoints of `/storage/v1/object`, as storage-js calls them. As Supabase's storage
 * server does: the bucket is looked up as the service role; whether the caller may write is asked
 * of its policies first, in a transaction rolled back (so nobody uploads bytes a policy would
 * refuse), then the bytes are written under a new version's key and the row is written as the
 * service role; reads (download, info, list, signing) run as the caller, except what a public
 * bucket or a signed URL serves. A replaced or deleted version's bytes are removed once the row
 * that named them is gone.
 */
import { ObjectTooLarge } from './backend/types'
import { bucketOf, removeBytes, type BucketRow } from './buckets'
import { objectKey, type StorageAnswer, type StorageContext } from './context'
import type { Caller } from './caller'
import { sendObject, type ObjectMetadata } from './download'
import { fromDatabase, invalidRequest, keyExists, noSuchBucket, noSuchKey, resourceExists, tooLarge } from './errors'
import { newVersion, forgetVersions, sizeVersion } from './ledger'
import { assertBucketName, assertMimeAllowed, assertObjectKey, formatBytes } from './names'
import { assertExpiresIn, signObjectUrl, verifyObjectUrl } from './signed-urls'
import { uploadBody, type UploadBody } from './upload-body'
import { transformationClaim } from './transformation'

type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date | null
}

const COLUMNS = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at'

const answer = (body: unknown): StorageAnswer => ({ status: 200, body })
const uuidOrNull = (sub: string | null) => (sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null)

export async function existingBucket(ctx: StorageContext, id: string): Promise<BucketRow> {
  assertBucketName(id)
  const bucket = await bucketOf(ctx, id)
  if (!bucket) throw noSuchBucket()
  return bucket
}

/** The object's row as `caller` may see it, or null. */
async function visibleObject(ctx: StorageContext, caller: Caller, bucket: string, name: string, operation: string): Promise<ObjectRow | null> {
  const [row] = await ctx.db.as(caller, operation, (tx) => tx.query<ObjectRow>(`select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]))
  return row ?? null
}

/**
 * The row a write tests and then makes: what a policy may look at (metadata's mimetype and size,
 * the user's metadata). `returning`: the id back, which asks the caller's select policies too (an
 * upsert's test does, as Supabase's does; a plain upload's does not).
 */
function writeStatement(upsert: boolean, returning = true) {
  return `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values ($1, $2, $3, $4, $5, $6, $7)
    ${upsert ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata, last_accessed_at = now()` : ''}
    ${returning ? 'returning id' : ''}`
}

/** Asks the caller's policies whether it may write this row (upsert: insert, select and update), in a transaction rolled back. */
export async function assertMayWrite(ctx: StorageContext, caller: Caller, operation: string, row: { bucket: string; name: string; metadata: ObjectMetadata; userMetadata: unknown }, upsert: boolean) {
  try {
    await ctx.db.as(caller, operation, (tx) => tx.query(writeStatement(upsert, upsert), [row.bucket, row.name, uuidOrNull(caller.sub), caller.sub, null, row.metadata, row.userMetadata]), { test: true })
  } catch (error) {
    throw fromDatabase(error, { duplicate: keyExists }) ?? error
  }
}

/**
 * Writes the row of a version whose bytes are stored; answers its id and the version it replaced.
 * The name is locked and its old version read as the service role; the write itself is the
 * caller's, so its policies decide on the row as it is now, not as it was when the write was
 * tested (a row another user made meanwhile is not overwritten by an upsert its policies refuse).
 * With no caller (a signed upload URL, whose policies were asked when it was signed) the service
 * role writes. Without upsert, a row that came meanwhile makes it KeyAlreadyExists.
 */
async function commitRow(
  ctx: StorageContext,
  operation: string,
  caller: Caller | null,
  row: { bucket: string; name: string; owner: string | null; version: string; metadata: ObjectMetadata; userMetadata: unknown },
  upsert: boolean
): Promise<{ id: string; replaced: string | null }> {
  try {
    return await ctx.db.as(ctx.service, operation, async (tx) => {
      // One write of a name at a time: two at once would each find no row to replace, and the
      // bytes of the first would stay, named by nothing.
      await tx.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext($1 || '/' || $2))`, [row.bucket, row.name])
      const [old] = await tx.query<{ version: string | null }>(`select version from storage.objects where bucket_id = $1 and name = $2 for update`, [row.bucket, row.name])
      const values = [row.bucket, row.name, uuidOrNull(row.owner), row.owner, row.version, row.metadata, row.userMetadata]
      if (caller && caller.role !== 'service_role') {
        await tx.become(caller, operation)
        await tx.query(writeStatement(upsert, false), values)
        await tx.become(ctx.service, operation)
        const [made] = await tx.query<{ id: string }>(`select id from storage.objects where bucket_id = $1 and name = $2`, [row.bucket, row.name])
        return { id: made.id, replaced: old?.version ?? null }
      }
      const [made] = await tx.query<{ id: string }>(writeStatement(upsert), values)
      return { id: made.id, replaced: old?.version ?? null }
    })
  } catch (error) {
    throw fromDatabase(error, { duplicate: keyExists }) ?? error
  }
}

/** POST (x-upsert) and PUT (always an upsert) `/object/{bucket}/{path}`. */
export async function uploadObject(ctx: StorageContext): Promise<StorageAnswer> {
  const { bucket: bucketId, path: name } = ctx.params
  const bucket = await existingBucket(ctx, bucketId)
  assertObjectKey(name)
  const upsert = ctx.method === 'PUT' || ctx.header('x-upsert') === 'true'
  const caller = await ctx.caller()
  const { Id, Key } = await storeUpload(ctx, bucket, name, { caller, owner: caller.sub, upsert, operation: upsert ? 'object.upsert' : 'object.upload' })
  return answer({ Id, Key })
}

/** The upload's bytes into a new version, and its row: what every way of uploading ends in. */
export async function storeUpload(
  ctx: StorageContext,
  bucket: BucketRow,
  name: string,
  { caller, owner, upsert, operation, body: given }: { caller: Caller | null; owner: string | null; upsert: boolean; operation: string; body?: UploadBody }
): Promise<{ Id: string; Key: string; eTag: string }> {
  const placeholder = name.endsWith('.emptyFolderPlaceholder')
  const bucketLimit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit)
  const maxBytes = placeholder ? 0 : Math.min(ctx.uploadLimit.bytes, bucketLimit ?? Infinity)
  const limitSentence = bucketLimit !== null && bucketLimit < ctx.uploadLimit.bytes ? `${formatBytes(bucketLimit)} in bucket ${bucket.id}` : ctx.uploadLimit.sentence
  const body = given ?? (await uploadBody(ctx.call.req, { idleMs: ctx.platform.config.bodyTimeoutMs }))
  const refuse = (error: unknown): never => {
    // The rest of the body is never read: the connection ends with the answer.
    body.stream.resume()
    ctx.call.res.setHeader('Connection', 'close')
    throw error
  }
  if (!placeholder) {
    try {
      assertMimeAllowed(body.mimetype, bucket.allowed_mime_types)
    } catch (error) {
      refuse(error)
    }
  }
  if (body.declaredLength !== null && body.declaredLength > maxBytes) refuse(tooLarge(limitSentence))
  const asked = { bucket: bucket.id, name, metadata: { mimetype: body.mimetype, contentLength: body.declaredLength ?? undefined }, userMetadata: body.userMetadata ?? {} }
  if (caller) await assertMayWrite(ctx, caller, operation, asked, upsert).catch(refuse)

  const ref = ctx.gate.project.ref
  const version = await newVersion(ctx.platform, ref)
  const key = objectKey(ref, version)!
  let written
  try {
    written = await ctx.backend.write(key, body.stream, { maxBytes, contentType: body.mimetype })
  } catch (error) {
    await forgetVersions(ctx.platform, ref, [version])
    if (error instanceof ObjectTooLarge) refuse(tooLarge(limitSentence))
    throw error
  }
  await sizeVersion(ctx.platform, ref, version, written.size)
  const metadata = {
    eTag: `"${written.etag}"`,
    size: written.size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: written.size,
    httpStatusCode: 200,
  }
  let saved: { id: string; replaced: string | null }
  try {
    saved = await commitRow(ctx, operation, caller, { bucket: bucket.id, name, owner, version, metadata, userMetadata: body.userMetadata ?? {} }, upsert)
  } catch (error) {
    await removeBytes(ctx, [version])
    throw error
  }
  if (saved.replaced) await removeBytes(ctx, [saved.replaced])
  return { Id: saved.id, Key: `${bucket.id}/${name}`, eTag: metadata.eTag }
}

/** How long a signed upload URL lasts, in seconds (as hosted projects have it). */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60

/**
 * POST `/object/upload/sign/{bucket}/{path}`: a URL that uploads that one object within two hours,
 * for a caller whose policies allow the upload now (and the upsert, with `x-upsert`).
 */
export async function signUpload(ctx: StorageContext): Promise<StorageAnswer> {
  const { bucket: bucketId, path: name } = ctx.params
  const bucket = await existingBucket(ctx, bucketId)
  assertObjectKey(name)
  const upsert = ctx.header('x-upsert') === 'true'
  const caller = await ctx.caller()
  const mimetype = ctx.header('content-type') ?? 'application/octet-stream'
  await assertMayWrite(ctx, caller, 'object.upload_sign', { bucket: bucket.id, name, metadata: { mimetype }, userMetadata: {} }, upsert)
  const url = `${bucket.id}/${name}`
  const token = await signObjectUrl(ctx.gate.settings.jwtSecret, url, 'upload', SIGNED_UPLOAD_SECONDS, { upsert, ...(caller.sub ? { owner: caller.sub } : {}) })
  return answer({ url: `/object/upload/sign/${url}?token=${token}`, token })
}

/** PUT `/object/upload/sign/{bucket}/{path}?token=`: the upload its token allows, as the user who asked for it. */
export async function uploadSigned(ctx: StorageContext): Promise<StorageAnswer> {
  const { bucket: bucketId, path: name } = ctx.params
  const token = ctx.query.get('token')
  if (!token) throw invalidRequest("querystring must have required property 'token'")
  const payload = await verifyObjectUrl(ctx.gate.settings.jwtSecret, token, `${bucketId}/${name}`, 'upload')
  const bucket = await existingBucket(ctx, bucketId)
  assertObjectKey(name)
  const owner = typeof payload.owner === 'string' ? payload.owner : null
  const { Key } = await storeUpload(ctx, bucket, name, { caller: null, owner, upsert: payload.upsert === true, operation: 'object.upload_signed' })
  return answer({ Key })
}

/**
 * The object a read asks for (download, HEAD, info): a public bucket's objects to anyone, a private
 * one's to callers its policies let read; `mode` is the route's (`/authenticated/` asks for a
 * valid token, `/public/` for a public bucket).
 */
export async function readableObject(ctx: StorageContext, mode: 'any' | 'authenticated' | 'public', operation: string): Promise<ObjectRow> {
  const { bucket: bucketId, path: name } = ctx.params
  assertBucketName(bucketId)
  assertObjectKey(name)
  // The bucket, and the object's row when the bucket is public (the service role reads it then):
  // one statement outside a transaction, so a public file costs one round trip to the project's database.
  const [found] = await ctx.db.read<{ public: boolean; object: ObjectRow | null }>(
    `select b.public, case when b.public then (select to_jsonb(o) from (select ${COLUMNS} from storage.objects where bucket_id = b.id and name = $2) o) end as object
       from storage.buckets b where b.id = $1`,
    [bucketId, name]
  )
  const caller = mode === 'public' ? null : await ctx.caller({ allowInvalid: mode === 'any' })
  if (!found || (!found.public && (mode === 'public' || !caller?.authenticated))) throw noSuchBucket()
  const row = found.public ? fromJson(found.object) : await visibleObject(ctx, caller!, bucketId, name, operation)
  if (!row) throw noSuchKey()
  return row
}

/** A row read as JSON (to_jsonb), with its times as the driver gives them. */
function fromJson(row: ObjectRow | null): ObjectRow | null {
  if (!row) return null
  const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))
  return { ...row, created_at: time(row.created_at)!, updated_at: time(row.updated_at)!, last_accessed_at: time(row.last_accessed_at) }
}

/** GET and HEAD `/object/{bucket}/{path}`, `/object/authenticated/…` and `/object/public/…`. */
export async function downloadObject(ctx: StorageContext, mode: 'any' | 'authenticated' | 'public'): Promise<StorageAnswer> {
  return sendRow(ctx, await readableObject(ctx, mode, 'object.get'))
}

/** The object's bytes as its row names them (ranges, 304s: download.ts). */
export async function sendRow(ctx: StorageContext, row: ObjectRow, expires?: Date): Promise<StorageAnswer> {
  const key = objectKey(ctx.gate.project.ref, row.version)
  if (!key) throw noSuchKey()
  const download = ctx.query.get('download')
  await sendObject(ctx.call.req, ctx.call.res, { backend: ctx.backend, key, metadata: row.metadata ?? {}, updatedAt: new Date(row.updated_at), download, expires })
  return undefined
}

/** GET `/object/info/{bucket}/{path}` (and its authenticated and public forms). */
export async function objectInfo(ctx: StorageContext, mode: 'any' | 'authenticated' | 'public'): Promise<StorageAnswer> {
  const row = await readableObject(ctx, mode, 'object.info')
  const meta = row.metadata ?? {}
  return answer({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  })
}

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])

/** POST `/object/list/{bucket}`: a folder's entries as the caller may see them (storage.search). */
export async function listObjects(ctx: StorageContext): Promise<StorageAnswer> {
  const body = await ctx.json()
  const prefix = typeof body.prefix === 'string' ? body.prefix : ''
  const limit = body.limit === undefined ? 100 : body.limit
  const offset = body.offset === undefined ? 0 : body.offset
  const search = typeof body.search === 'string' ? body.search : ''
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = sortBy.column ?? 'name'
  const order = sortBy.order ?? 'asc'
  if (!Number.isSafeInteger(limit) || (limit as number) < 1) throw invalidRequest('limit must be a whole number of at least 1')
  if (!Number.isSafeInteger(offset) || (offset as number) < 0) throw invalidRequest('offset must be a whole number')
  if (typeof column !== 'string' || !SORT_COLUMNS.has(column)) throw invalidRequest(`sortBy.column must be one of ${[...SORT_COLUMNS].join(', ')}`)
  if (order !== 'asc' && order !== 'desc') throw invalidRequest('sortBy.order must be asc or desc')
  const folder = prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix
  const caller = await ctx.caller()
  const rows = await ctx.db.as(caller, 'object.list', (tx) =>
    tx.query(`select name, id, updated_at, created_at, last_accessed_at, metadata from storage.search($1, $2, $3, 1, $4, $5, $6, $7)`, [folder, ctx.params.bucket, limit, offset, search, column, order])
  )
  return answer(rows)
}

/** DELETE `/object/{bucket}` `{ prefixes }`: the objects the caller may delete; answers the rows deleted. */
export async function removeObjects(ctx: StorageContext): Promise<StorageAnswer> {
  const body = await ctx.json()
  const names = body.prefixes
  if (!Array.isArray(names) || names.length === 0 || names.length > 1000 || !names.every((n) => typeof n === 'string'))
    throw invalidRequest('prefixes must be a list of 1 to 1000 object names')
  assertBucketName(ctx.params.bucket)
  const caller = await ctx.caller()
  const rows = await ctx.db.as(caller, 'object.delete', (tx) => tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2) returning ${COLUMNS}`, [ctx.params.bucket, names]))
  await removeBytes(ctx, rows.map((row) => row.version))
  return answer(rows)
}

/** DELETE `/object/{bucket}/{path}`: one object. */
export async function removeObject(ctx: StorageContext): Promise<StorageAnswer> {
  const { bucket, path: name } = ctx.params
  assertBucketName(bucket)
  assertObjectKey(name)
  const caller = await ctx.caller()
  const rows = await ctx.db.as(caller, 'object.delete', (tx) => tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = $2 returning ${COLUMNS}`, [bucket, name]))
  if (!rows.length) throw noSuchKey()
  await removeBytes(ctx, rows.map((row) => row.version))
  return answer({ message: 'Successfully deleted' })
}

function moveBody(body: Record<string, unknown>) {
  const { bucketId, sourceKey, destinationKey } = body
  const destinationBucket = body.destinationBucket ?? bucketId
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string' || typeof destinationBucket !== 'string')
    throw invalidRequest('Give bucketId, sourceKey and destinationKey (and destinationBucket, for another bucket).')
  assertBucketName(bucketId)
  assertBucketName(destinationBucket)
  assertObjectKey(destinationKey)
  return { bucketId, sourceKey, destinationKey, destinationBucket }
}

/** POST `/object/move`: the row renamed (its bytes stay where they are: keys name versions, not paths). */
export async function moveObject(ctx: StorageContext): Promise<StorageAnswer> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveBody(await ctx.json())
  if (destinationBucket !== bucketId) await existingBucket(ctx, destinationBucket)
  const caller = await ctx.caller()
  let moved: unknown[]
  try {
    moved = await ctx.db.as(caller, 'object.move', (tx) =>
      tx.query(`update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now() where bucket_id = $1 and name = $2 returning id`, [bucketId, sourceKey, destinationBucket, destinationKey])
    )
  } catch (error) {
    throw fromDatabase(error, { duplicate: resourceExists }) ?? error
  }
  if (!moved.length) throw noSuchKey()
  return answer({ message: 'Successfully moved' })
}

/** POST `/object/copy`: a new version with the same bytes (on files, a second link to them). */
export async function copyObject(ctx: StorageContext): Promise<StorageAnswer> {
  const body = await ctx.json()
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveBody(body)
  const target = destinationBucket === bucketId ? await existingBucket(ctx, bucketId) : await existingBucket(ctx, destinationBucket)
  const caller = await ctx.caller()
  const source = await visibleObject(ctx, caller, bucketId, sourceKey, 'object.copy')
  const sourceKeyOf = source && objectKey(ctx.gate.project.ref, source.version)
  if (!source || !sourceKeyOf) throw noSuchKey()
  const upsert = ctx.header('x-upsert') === 'true'
  const metadata = { ...(source.metadata ?? {}) }
  assertMimeAllowed(metadata.mimetype ?? 'application/octet-stream', target.allowed_mime_types)
  await assertMayWrite(ctx, caller, 'object.copy', { bucket: target.id, name: destinationKey, metadata, userMetadata: source.user_metadata }, upsert)
  const ref = ctx.gate.project.ref
  const version = await newVersion(ctx.platform, ref)
  try {
    await ctx.backend.copy(sourceKeyOf, objectKey(ref, version)!)
  } catch (error) {
    await forgetVersions(ctx.platform, ref, [version])
    throw error
  }
  // Counted as the bytes are, whatever the source's row says its size is.
  await sizeVersion(ctx.platform, ref, version, (await ctx.backend.size(objectKey(ref, version)!)) ?? 0)
  let saved: { id: string; replaced: string | null }
  try {
    saved = await commitRow(ctx, 'object.copy', caller, { bucket: target.id, name: destinationKey, owner: caller.sub, version, metadata: { ...metadata, lastModified: new Date().toISOString() }, userMetadata: source.user_metadata }, upsert)
  } catch (error) {
    await removeBytes(ctx, [version])
    throw error
  }
  if (saved.replaced) await removeBytes(ctx, [saved.replaced])
  return answer({ Id: saved.id, Key: `${target.id}/${destinationKey}` })
}

/** POST `/object/sign/{bucket}/{path}` `{ expiresIn }`: a URL that downloads the object until then, for a caller who may read it. */
export async function signObject(ctx: StorageContext): Promise<StorageAnswer> {
  const { bucket, path: name } = ctx.params
  assertBucketName(bucket)
  assertObjectKey(name)
  const { expiresIn, transform } = await ctx.json()
  assertExpiresIn(expiresIn)
  // With a transformation, the URL renders the image as it was signed (render/image/sign).
  const asked = transform && typeof transform === 'object' && Object.keys(transform).length > 0 ? (transform as Record<string, unknown>) : null
  const claim = asked ? transformationClaim(asked) : null
  const caller = await ctx.caller()
  if (!(await visibleObject(ctx, caller, bucket, name, 'object.sign'))) throw noSuchKey()
  const url = `${bucket}/${name}`
  const token = await signObjectUrl(ctx.gate.settings.jwtSecret, url, 'download', expiresIn, claim ? { transformations: claim } : {})
  return answer({ signedURL: `${claim ? '/render/image/sign' : '/object/sign'}/${url}?token=${token}` })
}

/** POST `/object/sign/{bucket}` `{ expiresIn, paths }`: a URL for each path the caller may read, an error for the others. */
export async function signObjects(ctx: StorageContext): Promise<StorageAnswer> {
  const bucket = ctx.params.bucket
  assertBucketName(bucket)
  const { expiresIn, paths } = await ctx.json()
  assertExpiresIn(expiresIn)
  if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000 || !paths.every((p) => typeof p === 'string')) throw invalidRequest('paths must be a list of 1 to 1000 object names')
  const caller = await ctx.caller()
  const visible = await ctx.db.as(caller, 'object.sign', (tx) => tx.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2)`, [bucket, paths]))
  const found = new Set(visible.map((row) => row.name))
  const signed = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!found.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null }
      const token = await signObjectUrl(ctx.gate.settings.jwtSecret, `${bucket}/${path}`, 'download', expiresIn)
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` }
    })
  )
  return answer(signed)
}

/** The object a signed download URL names, and its token's claims. */
export async function signedObject(ctx: StorageContext): Promise<{ row: ObjectRow; payload: Record<string, unknown> }> {
  const { bucket, path: name } = ctx.params
  const token = ctx.query.get('token')
  if (!token) throw invalidRequest("querystring must have required property 'token'")
  const payload = await verifyObjectUrl(ctx.gate.settings.jwtSecret, token, `${bucket}/${name}`, 'download')
  const row = await visibleObject(ctx, ctx.service, bucket, name, 'object.get_signed')
  if (!row) throw noSuchKey()
  return { row, payload }
}

/** GET `/object/sign/{bucket}/{path}?token=`: what the token signs, to whoever holds it, until it expires. */
export async function downloadSigned(ctx: StorageContext): Promise<StorageAnswer> {
  const { row, payload } = await signedObject(ctx)
  return sendRow(ctx, row, new Date(Number(payload.exp) * 1000))
}
