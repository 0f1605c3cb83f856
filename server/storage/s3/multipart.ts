/**
 * S3 multipart uploads: CreateMultipartUpload, UploadPart, CompleteMultipartUpload,
 * AbortMultipartUpload and ListParts. Each part's bytes are a version of the project's, listed in
 * the ledger like every other; completing streams the parts in order into one new version through
 * the same `storeUpload` as every upload (the bucket's limits and the caller's policies asked again),
 * then removes the parts. The uploads and their parts are the platform's own rows (migration 0048),
 * so a project's SQL cannot point a part at bytes that are not its own.
 */
import { randomBytes } from 'node:crypto'
import type { Platform } from '../../kernel/platform'
import { ObjectTooLarge } from '../backend/types'
import type { StorageBackend } from '../backend/types'
import { partsInOrder } from '../backend/concat'
import { removeBytes } from '../buckets'
import { objectKey } from '../context'
import { tooLarge } from '../errors'
import { forgetVersions, newVersion, sizeVersion } from '../ledger'
import { assertMimeAllowed, assertObjectKey, formatBytes } from '../names'
import { assertMayWrite, existingBucket, storeUpload } from '../objects'
import { headerValue } from '../upload-body'
import type { S3Call } from './call'
import { invalidArgument, malformedXml, noSuchUpload, S3Error } from './errors'
import { userMetadataOf } from './operations'
import { documentOf, parseDocument } from './xml'

/** Every part but the last is at least this large, as S3 requires. */
export const MIN_PART_BYTES = 5 * 1024 * 1024
/** Unfinished uploads one project may have at once. */
export const MAX_UNFINISHED_UPLOADS = 100

type UploadRow = { upload_id: string; bucket_id: string; object_name: string; owner: string | null; content_type: string; cache_control: string | null; user_metadata: Record<string, unknown> }
type PartRow = { part_number: number; version: string; size_bytes: string; etag: string }

const unquoted = (etag: string) => etag.replace(/^"|"$/g, '')

/** The upload the request names, of this project, bucket and key, that the caller may write to. */
async function uploadOf(s3: S3Call, ref: string, platform: Platform): Promise<UploadRow> {
  const id = s3.query.get('uploadId') ?? ''
  const [row] = await platform.db.query<UploadRow>(
    `select upload_id, bucket_id, object_name, owner, content_type, cache_control, user_metadata from storage_s3_multipart_uploads
      where upload_id = $1 and project_ref = $2 and bucket_id = $3 and object_name = $4 and completing_at is null`,
    [id, ref, s3.bucket, s3.key]
  )
  // Another user's upload is none of this caller's: a user goes on with its own only, anon with
  // none (the service role may finish any).
  if (!row || (s3.caller.role !== 'service_role' && (s3.caller.sub === null || row.owner !== s3.caller.sub))) throw noSuchUpload()
  return row
}

export async function createMultipartUpload(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const bucket = await existingBucket(ctx, s3.bucket!)
  assertObjectKey(s3.key!)
  const mimetype = headerValue(s3.header('content-type') || 'application/octet-stream', 'Content-Type')
  assertMimeAllowed(mimetype, bucket.allowed_mime_types)
  const userMetadata = userMetadataOf(s3)
  await assertMayWrite(ctx, s3.caller, 'object.upsert', { bucket: bucket.id, name: s3.key!, metadata: { mimetype }, userMetadata }, true)
  const ref = ctx.gate.project.ref
  const id = randomBytes(24).toString('base64url')
  const [made] = await ctx.platform.db.query<{ upload_id: string }>(
    `insert into storage_s3_multipart_uploads (upload_id, project_ref, bucket_id, object_name, owner, content_type, cache_control, user_metadata)
     select $1, $2, $3, $4, $5, $6, $7, $8 where (select count(*) from storage_s3_multipart_uploads where project_ref = $2) < $9
     returning upload_id`,
    [id, ref, bucket.id, s3.key, s3.caller.sub, mimetype, headerValue(s3.header('cache-control') || 'no-cache', 'Cache-Control'), userMetadata, MAX_UNFINISHED_UPLOADS]
  )
  if (!made)
    throw new S3Error('SlowDown', `This project has ${MAX_UNFINISHED_UPLOADS} unfinished multipart uploads: complete or abort one first (unfinished ones are removed after a day).`, 503)
  s3.send(200, documentOf('InitiateMultipartUploadResult', { Bucket: bucket.id, Key: s3.key!, UploadId: id }))
}

export async function uploadPart(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const ref = ctx.gate.project.ref
  const upload = await uploadOf(s3, ref, ctx.platform)
  const partNumber = Number(s3.query.get('partNumber'))
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw invalidArgument('partNumber must be a whole number from 1 to 10000.')
  const bucket = await existingBucket(ctx, upload.bucket_id)
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit)
  const maxBytes = Math.min(ctx.uploadLimit.bytes, bucketLimit)
  const declared = s3.declaredLength()
  if (declared !== null && declared > maxBytes) throw tooLarge(formatBytes(maxBytes))
  const version = await newVersion(ctx.platform, ref)
  let written
  try {
    written = await ctx.backend.write(objectKey(ref, version)!, s3.body(), { maxBytes, contentType: 'application/octet-stream' })
  } catch (error) {
    await forgetVersions(ctx.platform, ref, [version])
    if (error instanceof ObjectTooLarge) throw tooLarge(formatBytes(maxBytes))
    throw error
  }
  await sizeVersion(ctx.platform, ref, version, written.size)
  const etag = `"${written.etag}"`
  // The part row, replacing one of the same number, under the upload's lock: two parts of one
  // number at once each replace what the other left, and an upload completed or aborted
  // meanwhile takes none.
  const saved = await ctx.platform.db.transaction(async (tx) => {
    const [open] = await tx.query('select 1 from storage_s3_multipart_uploads where upload_id = $1 and completing_at is null for update', [upload.upload_id])
    if (!open) return { taken: false, old: null }
    const [old] = await tx.query<{ version: string }>('select version from storage_s3_multipart_parts where upload_id = $1 and part_number = $2', [upload.upload_id, partNumber])
    await tx.query(
      `insert into storage_s3_multipart_parts (upload_id, part_number, version, size_bytes, etag) values ($1, $2, $3, $4, $5)
       on conflict (upload_id, part_number) do update set version = excluded.version, size_bytes = excluded.size_bytes, etag = excluded.etag`,
      [upload.upload_id, partNumber, version, written.size, etag]
    )
    return { taken: true, old: old?.version ?? null }
  })
  const gone = [saved.taken ? saved.old : version].filter((v): v is string => v !== null)
  if (gone.length) await removeBytes(ctx, gone)
  if (!saved.taken) throw noSuchUpload()
  s3.send(200, undefined, { ETag: etag })
}

export async function completeMultipartUpload(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const ref = ctx.gate.project.ref
  const upload = await uploadOf(s3, ref, ctx.platform)
  const asked = ((parseDocument(await s3.text(), 'CompleteMultipartUpload').Part ?? []) as { PartNumber?: unknown; ETag?: unknown }[]).map((p) => ({
    number: Number(p.PartNumber),
    etag: typeof p.ETag === 'string' ? unquoted(p.ETag) : '',
  }))
  if (asked.length === 0 || asked.some((p) => !Number.isInteger(p.number))) throw malformedXml()
  if (asked.some((p, i) => i > 0 && p.number <= asked[i - 1].number)) throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order.', 400)
  // Claimed: a second complete, an abort or a late part finds the upload no longer open.
  const claimed = await ctx.platform.db.query('update storage_s3_multipart_uploads set completing_at = now() where upload_id = $1 and completing_at is null returning 1', [upload.upload_id])
  if (!claimed.length) throw noSuchUpload()
  let parts: PartRow[] = []
  try {
    const stored = new Map(
      (await ctx.platform.db.query<PartRow>('select part_number, version, size_bytes, etag from storage_s3_multipart_parts where upload_id = $1', [upload.upload_id])).map((p) => [p.part_number, p])
    )
    parts = asked.map((p) => {
      const part = stored.get(p.number)
      if (!part || unquoted(part.etag) !== p.etag) throw new S3Error('InvalidPart', `Part ${p.number} was not uploaded, or its ETag is not the one given.`, 400)
      return part
    })
    const small = parts.slice(0, -1).find((p) => Number(p.size_bytes) < MIN_PART_BYTES)
    if (small) throw new S3Error('EntityTooSmall', `Part ${small.part_number} is smaller than 5 MiB; only the last part may be.`, 400)
    const bucket = await existingBucket(ctx, upload.bucket_id)
    const total = parts.reduce((sum, p) => sum + Number(p.size_bytes), 0)
    // Refused before a byte is read again (storeUpload would read the parts to the end to refuse them).
    const maxBytes = Math.min(ctx.uploadLimit.bytes, bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit))
    if (total > maxBytes) throw tooLarge(formatBytes(maxBytes))
    const made = await storeUpload(ctx, bucket, upload.object_name, {
      caller: s3.caller,
      owner: upload.owner,
      upsert: true,
      operation: 'object.upsert',
      body: {
        stream: partsInOrder(ctx.backend, parts.map((p) => objectKey(ref, p.version)!)),
        mimetype: upload.content_type,
        cacheControl: upload.cache_control ?? 'no-cache',
        userMetadata: upload.user_metadata,
        declaredLength: total,
      },
    })
    const versions = await dropUpload(ctx.platform, upload.upload_id)
    await removeBytes(ctx, versions)
    s3.send(200, documentOf('CompleteMultipartUploadResult', { Location: `/${bucket.id}/${upload.object_name}`, Bucket: bucket.id, Key: upload.object_name, ETag: made.eTag }))
  } catch (error) {
    // Open again: the client may fix its list and complete once more, or abort.
    await ctx.platform.db.query('update storage_s3_multipart_uploads set completing_at = null where upload_id = $1', [upload.upload_id])
    throw error
  }
}

/** Removes the upload and its parts' rows; answers the parts' versions, whose bytes are to go. */
async function dropUpload(platform: Platform, uploadId: string, { onlyOpen = false } = {}): Promise<string[]> {
  return platform.db.transaction(async (tx) => {
    // `onlyOpen`: an abort leaves an upload being completed alone (its parts are being read).
    const [upload] = await tx.query(`select 1 from storage_s3_multipart_uploads where upload_id = $1 ${onlyOpen ? 'and completing_at is null' : ''} for update`, [uploadId])
    if (!upload) return []
    const parts = await tx.query<{ version: string }>('delete from storage_s3_multipart_parts where upload_id = $1 returning version', [uploadId])
    await tx.query('delete from storage_s3_multipart_uploads where upload_id = $1', [uploadId])
    return parts.map((r) => r.version)
  })
}

export async function abortMultipartUpload(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const upload = await uploadOf(s3, ctx.gate.project.ref, ctx.platform)
  await removeBytes(ctx, await dropUpload(ctx.platform, upload.upload_id, { onlyOpen: true }))
  s3.send(204)
}

export async function listParts(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const upload = await uploadOf(s3, ctx.gate.project.ref, ctx.platform)
  const parts = await ctx.platform.db.query<PartRow>('select part_number, version, size_bytes, etag from storage_s3_multipart_parts where upload_id = $1 order by part_number', [upload.upload_id])
  s3.send(
    200,
    documentOf('ListPartsResult', {
      Bucket: upload.bucket_id,
      Key: upload.object_name,
      UploadId: upload.upload_id,
      IsTruncated: false,
      Part: parts.map((p) => ({ PartNumber: p.part_number, ETag: p.etag, Size: Number(p.size_bytes) })),
    })
  )
}

/** Removes multipart uploads left unfinished for a day, and their parts' bytes (the scheduler's pass). */
export async function removeExpiredMultipartUploads(platform: Platform, backend: StorageBackend): Promise<number> {
  const uploads = await platform.db.query<{ upload_id: string; project_ref: string }>(
    `select upload_id, project_ref from storage_s3_multipart_uploads where created_at < now() - interval '1 day' and (completing_at is null or completing_at < now() - interval '1 hour')`
  )
  for (const upload of uploads) {
    const versions = await dropUpload(platform, upload.upload_id)
    const keys = versions.map((v) => objectKey(upload.project_ref, v)).filter((k): k is string => k !== null)
    await backend.remove(keys)
    await forgetVersions(platform, upload.project_ref, versions)
  }
  return uploads.length
}

/** A deleted project's unfinished uploads (their bytes go with the project's prefix). */
export async function removeProjectMultipartUploads(platform: Platform, ref: string): Promise<void> {
  await platform.db.query('delete from storage_s3_multipart_uploads where project_ref = $1', [ref])
}
