/**
 * ListObjectsV2 (and the first ListObjects) over a bucket's rows, as the caller sees them: keys
 * after a cursor that start with a prefix, those with the delimiter past the prefix rolled up into
 * one common prefix each, in byte order (S3's), a page at a time.
 */
import type { StorageContext } from '../context'
import type { Caller } from '../caller'
import type { ObjectMetadata } from '../download'

export type ListedEntry = { key: string; prefix: boolean; metadata: ObjectMetadata | null; updated_at: Date | null }

export type ListPage = { entries: ListedEntry[]; truncated: boolean }

export const MAX_KEYS = 1000

export async function listEntries(
  ctx: StorageContext,
  caller: Caller,
  bucket: string,
  { prefix, delimiter, after, maxKeys }: { prefix: string; delimiter: string; after: string; maxKeys: number }
): Promise<ListPage> {
  const rows = await ctx.db.as(caller, 'object.list', (tx) =>
    tx.query<ListedEntry>(
      `with m as (
         select o.name, o.metadata, o.updated_at,
                case when $3 <> '' and strpos(substr(o.name, length($2) + 1), $3) > 0 then $2 || split_part(substr(o.name, length($2) + 1), $3, 1) || $3 end as common
           from storage.objects o
          where o.bucket_id = $1 and starts_with(o.name, $2) and o.name collate "C" > $4
       ), e as (
         select common as key, true as prefix, null::jsonb as metadata, null::timestamptz as updated_at from m where common is not null group by common
         union all
         select name, false, metadata, updated_at from m where common is null
       )
       select key, prefix, metadata, updated_at from e where key collate "C" > $4 order by key collate "C" limit $5`,
      [bucket, prefix, delimiter, after, maxKeys + 1]
    )
  )
  return { entries: rows.slice(0, maxKeys), truncated: rows.length > maxKeys }
}

/** A continuation token: the last key answered, opaque to the client. */
export const continuationToken = (key: string) => Buffer.from(key, 'utf8').toString('base64url')
export const keyOfToken = (token: string) => Buffer.from(token, 'base64url').toString('utf8')
