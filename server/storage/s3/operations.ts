/**
 * The S3 operations on buckets and objects, each run on the storage API's own endpoints (so a
 * bucket's limits, the caller's policies and the platform's account of bytes are the same whichever
 * way a file comes): ListBuckets, CreateBucket, HeadBucket, DeleteBucket, GetBucketLocation,
 * ListObjects(V2), PutObject, GetObject, HeadObject, DeleteObject, DeleteObjects, CopyObject.
 */
import { bucketOf, createBucket, deleteBucket, getBucket, listBuckets, type BucketRow } from '../buckets'
import { isStorageError, noSuchBucket } from '../errors'
import { assertObjectKey } from '../names'
import { copyObject, existingBucket, readableObject, removeObject, removeObjects, sendRow, storeUpload } from '../objects'
import { headerValue } from '../upload-body'
import type { ObjectMetadata } from '../download'
import type { S3Call } from './call'
import { invalidArgument, malformedXml } from './errors'
import { continuationToken, keyOfToken, listEntries, MAX_KEYS } from './list'
import { documentOf, parseDocument } from './xml'

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString())

/** `x-amz-meta-*` headers as an object's user metadata. */
export function userMetadataOf(s3: S3Call): Record<string, string> {
  const metadata: Record<string, string> = {}
  for (const [name, value] of Object.entries(s3.call.req.headers)) if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value
  return metadata
}

/** An object's user metadata as `x-amz-meta-*` headers (printable values only). */
function metadataHeaders(metadata: Record<string, unknown> | null): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(metadata ?? {}))
    if (/^[a-z0-9-]{1,100}$/i.test(name) && typeof value === 'string' && /^[\x20-\x7e]{0,1024}$/.test(value)) headers[`x-amz-meta-${name}`] = value
  return headers
}

export async function listAllBuckets(s3: S3Call) {
  const ctx = await s3.context({})
  const rows = ((await listBuckets(ctx))?.body ?? []) as BucketRow[]
  const ref = ctx.gate.project.ref
  s3.send(
    200,
    documentOf('ListAllMyBucketsResult', {
      Owner: { ID: ref, DisplayName: ref },
      Buckets: { Bucket: rows.map((row) => ({ Name: row.name, CreationDate: iso(row.created_at) })) },
    })
  )
}

export async function makeBucket(s3: S3Call) {
  const name = s3.bucket!
  const ctx = await s3.context({}, { json: { id: name, name, public: s3.header('x-amz-acl') === 'public-read' } })
  await createBucket(ctx)
  s3.send(200, undefined, { Location: `/${name}` })
}

export async function headBucket(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket! })
  await getBucket(ctx)
  s3.send(200, undefined, { 'x-amz-bucket-region': ctx.gate.project.region })
}

export async function removeBucket(s3: S3Call) {
  await deleteBucket(await s3.context({ bucket: s3.bucket! }))
  s3.send(204)
}

export async function bucketLocation(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket! })
  await getBucket(ctx)
  s3.send(200, documentOf('LocationConstraint', ctx.gate.project.region))
}

/** ListObjectsV2 (`list-type=2`) and ListObjects (markers). */
export async function listObjects(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket! })
  if (!(await bucketOf(ctx, s3.bucket!))) throw noSuchBucket()
  const q = s3.query
  const v2 = q.get('list-type') === '2'
  const prefix = q.get('prefix') ?? ''
  const delimiter = q.get('delimiter') ?? ''
  const maxKeysText = q.get('max-keys') ?? String(MAX_KEYS)
  if (!/^\d{1,7}$/.test(maxKeysText)) throw invalidArgument('max-keys must be a whole number.')
  const maxKeys = Math.min(Number(maxKeysText), MAX_KEYS)
  const urlEncoded = q.get('encoding-type') === 'url'
  if (q.has('encoding-type') && !urlEncoded) throw invalidArgument('encoding-type must be url.')
  const token = q.get('continuation-token')
  const after = v2 ? (token ? keyOfToken(token) : (q.get('start-after') ?? '')) : (q.get('marker') ?? '')
  const page = maxKeys === 0 ? { entries: [], truncated: false } : await listEntries(ctx, s3.caller, s3.bucket!, { prefix, delimiter, after, maxKeys })
  const out = (text: string) => (urlEncoded ? text.split('/').map(encodeURIComponent).join('/') : text)
  const contents = page.entries.filter((e) => !e.prefix)
  const prefixes = page.entries.filter((e) => e.prefix)
  const last = page.entries.at(-1)?.key
  const common = {
    Name: s3.bucket!,
    Prefix: out(prefix),
    ...(delimiter ? { Delimiter: out(delimiter) } : {}),
    MaxKeys: maxKeys,
    ...(urlEncoded ? { EncodingType: 'url' } : {}),
    IsTruncated: page.truncated,
  }
  const listed = {
    Contents: contents.map((e) => {
      const metadata = (e.metadata ?? {}) as ObjectMetadata
      return { Key: out(e.key), LastModified: iso(metadata.lastModified ?? e.updated_at), ETag: metadata.eTag ?? '""', Size: metadata.size ?? 0, StorageClass: 'STANDARD' }
    }),
    CommonPrefixes: prefixes.map((e) => ({ Prefix: out(e.key) })),
  }
  const paging = v2
    ? {
        KeyCount: page.entries.length,
        ...(token ? { ContinuationToken: token } : {}),
        ...(q.has('start-after') ? { StartAfter: out(q.get('start-after')!) } : {}),
        ...(page.truncated && last ? { NextContinuationToken: continuationToken(last) } : {}),
      }
    : { Marker: out(after), ...(page.truncated && last && delimiter ? { NextMarker: out(last) } : {}) }
  s3.send(200, documentOf('ListBucketResult', { ...common, ...paging, ...listed }))
}

/** PutObject: always an overwrite, as S3's is (the caller's policies must allow the upsert). */
export async function putObject(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const bucket = await existingBucket(ctx, s3.bucket!)
  assertObjectKey(s3.key!)
  const stored = await storeUpload(ctx, bucket, s3.key!, {
    caller: s3.caller,
    owner: s3.caller.sub,
    upsert: true,
    operation: 'object.upsert',
    body: {
      stream: s3.body(),
      mimetype: headerValue(s3.header('content-type') || 'application/octet-stream', 'Content-Type'),
      cacheControl: headerValue(s3.header('cache-control') || 'no-cache', 'Cache-Control'),
      userMetadata: userMetadataOf(s3),
      declaredLength: s3.declaredLength(),
    },
  })
  s3.send(200, undefined, { ETag: stored.eTag })
}

/** GetObject and HeadObject: ranges and conditional requests as the storage API serves them. */
export async function getObject(s3: S3Call) {
  const ctx = await s3.context({ bucket: s3.bucket!, path: s3.key! })
  const row = await readableObject(ctx, 'authenticated', 'object.get')
  for (const [name, value] of Object.entries(metadataHeaders(row.user_metadata))) s3.call.res.setHeader(name, value)
  s3.call.res.setHeader('x-amz-request-id', s3.call.requestId)
  await sendRow(ctx, row)
}

/** DeleteObject: 204 whether or not there was one, as S3 answers. */
export async function deleteObject(s3: S3Call) {
  try {
    await removeObject(await s3.context({ bucket: s3.bucket!, path: s3.key! }))
  } catch (error) {
    if (!(isStorageError(error) && error.code === 'NoSuchKey')) throw error
  }
  s3.send(204)
}

/** DeleteObjects (`POST ?delete`): up to 1000 keys; each is reported deleted, as S3 does for a key that was not there. */
export async function deleteObjects(s3: S3Call) {
  const body = parseDocument(await s3.text(), 'Delete')
  const objects = (body.Object ?? []) as { Key?: unknown }[]
  const keys = objects.map((o) => o.Key)
  if (keys.length === 0 || keys.length > 1000 || !keys.every((k): k is string => typeof k === 'string' && k.length > 0)) throw malformedXml()
  const ctx = await s3.context({ bucket: s3.bucket! }, { json: { prefixes: keys } })
  if (!(await bucketOf(ctx, s3.bucket!))) throw noSuchBucket()
  await removeObjects(ctx)
  const quiet = String(body.Quiet) === 'true'
  s3.send(200, documentOf('DeleteResult', { Deleted: quiet ? [] : keys.map((Key) => ({ Key })) }))
}

/** The bucket and key of `x-amz-copy-source` (`bucket/key`, percent-encoded, a version ignored). */
export function copySourceOf(header: string): { bucket: string; key: string } {
  let source: string
  try {
    source = decodeURIComponent(header.split('?')[0]).replace(/^\//, '')
  } catch {
    throw invalidArgument('x-amz-copy-source is not valid percent-encoding.')
  }
  const slash = source.indexOf('/')
  if (slash <= 0 || slash === source.length - 1) throw invalidArgument('x-amz-copy-source must be <bucket>/<key>.')
  return { bucket: source.slice(0, slash), key: source.slice(slash + 1) }
}

/** CopyObject (`x-amz-copy-source`): the source's bytes and metadata under the new key, overwriting it. */
export async function copyObjectS3(s3: S3Call) {
  const source = copySourceOf(s3.header('x-amz-copy-source')!)
  const ctx = await s3.context(
    { bucket: s3.bucket!, path: s3.key! },
    { json: { bucketId: source.bucket, sourceKey: source.key, destinationBucket: s3.bucket!, destinationKey: s3.key! }, headers: { 'x-upsert': 'true' } }
  )
  await copyObject(ctx)
  const [row] = await ctx.db.as(ctx.service, 'object.copy', (tx) =>
    tx.query<{ metadata: ObjectMetadata | null; updated_at: Date }>('select metadata, updated_at from storage.objects where bucket_id = $1 and name = $2', [s3.bucket!, s3.key!])
  )
  s3.send(200, documentOf('CopyObjectResult', { LastModified: iso(row?.metadata?.lastModified ?? row?.updated_at), ETag: row?.metadata?.eTag ?? '""' }))
}
