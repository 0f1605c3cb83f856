/**
 * POST `/object/list-v2/{bucket}`: objects under a prefix (case-sensitive, full names), a page at a
 * time with a cursor, flat or folder by folder (`with_delimiter`: a key with a `/` past the prefix
 * is one folder `a/b/`). Run as the caller: its policies decide which rows exist for it. Sorted by
 * name, or (flat) by `created_at` or `updated_at` then name.
 */
import type { StorageAnswer, StorageContext } from './context'
import { invalidParameter, invalidRequest } from './errors'
import { assertBucketName } from './names'

type Row = { id: string | null; name: string; metadata: unknown; updated_at: Date | null; created_at: Date | null; last_accessed_at: Date | null; folder: boolean; at: string | null }

type Cursor = { last: string; order: 'asc' | 'desc'; column: string; at: string | null }

const COLUMNS = new Set(['name', 'created_at', 'updated_at'])
const MAX_LIMIT = 1000

function encodeCursor({ last, order, column, at }: Cursor): string {
  return Buffer.from([`l:${last}`, `o:${order}`, `c:${column}`, ...(at ? [`a:${at}`] : [])].join('\n')).toString('base64')
}

function decodeCursor(value: string): Cursor {
  const parts = new Map<string, string>()
  for (const line of Buffer.from(value, 'base64').toString('utf8').split('\n')) {
    const at = line.indexOf(':')
    if (at > 0) parts.set(line.slice(0, at), line.slice(at + 1))
  }
  const order = parts.get('o') ?? 'asc'
  const column = parts.get('c') ?? 'name'
  const last = parts.get('l')
  if (last === undefined || (order !== 'asc' && order !== 'desc') || !COLUMNS.has(column) || (column !== 'name' && !parts.get('a'))) throw invalidParameter('continuation token')
  return { last, order, column, at: parts.get('a') ?? null }
}

export async function listObjectsV2(ctx: StorageContext): Promise<StorageAnswer> {
  assertBucketName(ctx.params.bucket)
  const body = await ctx.json()
  const prefix = typeof body.prefix === 'string' ? body.prefix : ''
  const limit = body.limit === undefined ? MAX_LIMIT : body.limit
  if (!Number.isSafeInteger(limit) || (limit as number) < 1) throw invalidRequest('limit must be a whole number of at least 1')
  const pageSize = Math.min(limit as number, MAX_LIMIT)
  const delimited = body.with_delimiter === true
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const cursor = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : null
  const column = cursor?.column ?? (typeof sortBy.column === 'string' ? sortBy.column : 'name')
  const order = cursor?.order ?? (sortBy.order === 'desc' ? 'desc' : 'asc')
  if (!COLUMNS.has(column)) throw invalidRequest('sortBy.column must be one of name, created_at, updated_at')
  if (delimited && column !== 'name') throw invalidRequest('With with_delimiter, objects are listed by name only.')
  const after = order === 'asc' ? '>' : '<'
  const byName = column === 'name'
  // Dates compared at the millisecond a cursor keeps.
  const at = byName ? 'null::text' : `to_char(date_trunc('milliseconds', o.${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  const entries = delimited
    ? `with m as (
         select o.*, strpos(substr(o.name, length($2) + 1), '/') > 0 as deep, $2 || split_part(substr(o.name, length($2) + 1), '/', 1) as head
         from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $2)
       )
       select head || '/' as name, null::uuid as id, null::jsonb as metadata, null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, true as folder, null::text as at
         from m where deep group by head
       union all
       select name, id, metadata, updated_at, created_at, last_accessed_at, false, null from m where not deep`
    : `select o.name, o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at, false as folder, ${at} as at
       from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $2)`
  const position = !cursor ? 'true' : byName ? `e.name collate "C" ${after} $4` : `(e.at, e.name collate "C") ${after} ($5, $4 collate "C")`
  const ordering = byName ? `e.name collate "C" ${order}` : `e.at ${order}, e.name collate "C" ${order}`
  const caller = await ctx.caller()
  const rows = await ctx.db.as(caller, 'object.list', (tx) =>
    tx.query<Row>(`select * from (${entries}) e where ${position} order by ${ordering} limit $3`, [
      ctx.params.bucket,
      prefix,
      pageSize + 1,
      ...(cursor ? (byName ? [cursor.last] : [cursor.last, cursor.at]) : []),
    ])
  )
  const hasNext = rows.length > pageSize
  const page = rows.slice(0, pageSize)
  const last = page.at(-1)
  const segment = (name: string) => name.replace(/\/$/, '').split('/').pop() ?? name
  return {
    status: 200,
    body: {
      hasNext,
      ...(hasNext && last ? { nextCursor: encodeCursor({ last: last.name, order, column, at: last.at }), nextCursorKey: last.name } : {}),
      folders: page.filter((row) => row.folder).map((row) => ({ id: null, name: row.name, key: segment(row.name) })),
      objects: page
        .filter((row) => !row.folder)
        .map(({ id, name, metadata, updated_at, created_at, last_accessed_at }) => ({ id, name, metadata, updated_at, created_at, last_accessed_at, ...(delimited ? { key: segment(name) } : {}) })),
    },
  }
}
