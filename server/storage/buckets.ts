/**
 * The bucket endpoints of `/storage/v1/bucket`, as storage-js calls them. Listing, reading,
 * creating, changing and deleting run as the caller (its policies on storage.buckets decide);
 * emptying is the service role's only; a bucket with objects in it is not deleted.
 */
import type { StorageAnswer, StorageContext } from './context'
import { objectKey } from './context'
import { bucketExists, bucketNotEmpty, fromDatabase, invalidRequest, noSuchBucket, roleRefused, tooLarge } from './errors'
import { assertBucketName, parseAllowedMimeTypes, parseFileSizeLimit } from './names'
import { forgetVersions } from './ledger'

export type BucketRow = {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  type: string
  created_at: Date
  updated_at: Date
}

const COLUMNS = 'id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, type, created_at, updated_at'
const SORTABLE = new Set(['id', 'name', 'created_at', 'updated_at'])

const answer = (body: unknown): StorageAnswer => ({ status: 200, body })

/** The bucket as the service role sees it (objects' endpoints look their bucket up so), or null. */
export async function bucketOf(ctx: StorageContext, id: string): Promise<BucketRow | null> {
  const [row] = await ctx.db.as(ctx.service, 'bucket.get', (tx) => tx.query<BucketRow>(`select ${COLUMNS} from storage.buckets where id = $1`, [id]))
  return row ?? null
}

function checkedLimit(ctx: StorageContext, value: unknown): number | null {
  const limit = parseFileSizeLimit(value)
  if (limit !== null && limit > ctx.uploadLimit.bytes) throw tooLarge(ctx.uploadLimit.sentence)
  return limit
}

export async function listBuckets(ctx: StorageContext): Promise<StorageAnswer> {
  const query = ctx.query
  const limit = query.get('limit')
  const offset = query.get('offset')
  const search = query.get('search')
  const column = query.get('sortColumn')
  const order = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  if ((limit !== null && !/^[1-9][0-9]*$/.test(limit)) || (offset !== null && !/^[0-9]+$/.test(offset))) throw invalidRequest('limit and offset must be whole numbers')
  if (column !== null && !SORTABLE.has(column)) throw invalidRequest(`sortColumn must be one of ${[...SORTABLE].join(', ')}`)
  const caller = await ctx.caller()
  const rows = await ctx.db.as(caller, 'bucket.list', (tx) =>
    tx.query<BucketRow>(
      `select ${COLUMNS} from storage.buckets
       where $1::text is null or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
       order by ${column ?? 'name'} ${order} limit $2 offset $3`,
      [search, limit === null ? null : Number(limit), Number(offset ?? 0)]
    )
  )
  return answer(rows)
}

export async function getBucket(ctx: StorageContext): Promise<StorageAnswer> {
  const caller = await ctx.caller()
  const [row] = await ctx.db.as(caller, 'bucket.get', (tx) => tx.query<BucketRow>(`select ${COLUMNS} from storage.buckets where id = $1`, [ctx.params.bucket]))
  if (!row) throw noSuchBucket()
  const { type: _type, ...bucket } = row
  return answer(bucket)
}

export async function createBucket(ctx: StorageContext): Promise<StorageAnswer> {
  const body = await ctx.json()
  const name = body.name
  assertBucketName(name)
  const id = typeof body.id === 'string' && body.id ? body.id : name
  assertBucketName(id)
  if (body.type !== undefined && body.type !== 'STANDARD') throw invalidRequest('Only STANDARD buckets are offered.')
  const limit = checkedLimit(ctx, body.file_size_limit)
  const mimeTypes = parseAllowedMimeTypes(body.allowed_mime_types)
  const caller = await ctx.caller()
  const uuid = caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null
  try {
    await ctx.db.as(caller, 'bucket.create', (tx) =>
      tx.query(`insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6, $7)`, [
        id,
        name,
        uuid,
        caller.sub,
        body.public === true,
        limit,
        mimeTypes,
      ])
    )
  } catch (error) {
    throw fromDatabase(error, { duplicate: bucketExists }) ?? error
  }
  return answer({ name })
}

export async function updateBucket(ctx: StorageContext): Promise<StorageAnswer> {
  const body = await ctx.json()
  const sets: string[] = []
  const values: unknown[] = [ctx.params.bucket]
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw invalidRequest('public must be true or false')
    values.push(body.public)
    sets.push(`public = $${values.length}`)
  }
  if (body.file_size_limit !== undefined) {
    values.push(checkedLimit(ctx, body.file_size_limit))
    sets.push(`file_size_limit = $${values.length}`)
  }
  if (body.allowed_mime_types !== undefined) {
    values.push(parseAllowedMimeTypes(body.allowed_mime_types))
    sets.push(`allowed_mime_types = $${values.length}`)
  }
  if (sets.length === 0) throw invalidRequest('Give at least one of public, file_size_limit and allowed_mime_types.')
  const caller = await ctx.caller()
  const rows = await ctx.db.as(caller, 'bucket.update', (tx) => tx.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1 returning id`, values))
  if (!rows.length) throw noSuchBucket()
  return answer({ message: 'Successfully updated' })
}

/** Every object of the bucket and its bytes: the service role's only. */
export async function emptyBucket(ctx: StorageContext): Promise<StorageAnswer> {
  const caller = await ctx.caller()
  if (caller.role !== 'service_role') throw roleRefused('Access denied: Invalid role')
  if (!(await bucketOf(ctx, ctx.params.bucket))) throw noSuchBucket()
  const removed = await ctx.db.as(ctx.service, 'bucket.empty', (tx) => tx.query<{ version: string | null }>(`delete from storage.objects where bucket_id = $1 returning version`, [ctx.params.bucket]))
  await removeBytes(ctx, removed.map((row) => row.version))
  return answer({ message: 'Successfully emptied' })
}

export async function deleteBucket(ctx: StorageContext): Promise<StorageAnswer> {
  const bucket = await bucketOf(ctx, ctx.params.bucket)
  if (!bucket) throw noSuchBucket()
  const [busy] = await ctx.db.as(ctx.service, 'bucket.delete', (tx) => tx.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [bucket.id]))
  if (busy) throw bucketNotEmpty()
  const caller = await ctx.caller()
  let deleted: unknown[]
  try {
    deleted = await ctx.db.as(caller, 'bucket.delete', (tx) => tx.query(`delete from storage.buckets where id = $1 returning id`, [bucket.id]))
  } catch (error) {
    // An object that came meanwhile keeps the bucket (the objects' foreign key).
    throw fromDatabase(error) ?? error
  }
  // Hidden from the caller by its policies: as if there were none.
  if (!deleted.length) throw noSuchBucket()
  return answer({ message: 'Successfully deleted' })
}

/** Removes the bytes of deleted object versions and forgets them; what fails stays listed for a later pass. */
export async function removeBytes(ctx: StorageContext, versions: (string | null)[]) {
  const ref = ctx.gate.project.ref
  const known = versions.filter((v): v is string => objectKey(ref, v) !== null)
  if (!known.length) return
  await ctx.backend.remove(known.map((v) => objectKey(ref, v)!))
  await forgetVersions(ctx.platform, ref, known)
}
