/**
 * SQL snippets a user saves in a project ("content"), their folders, the snippet last opened, and
 * the history of SQL runs. docs/api.md ("SQL snippets (content)") describes the rules in words.
 */
import { z } from 'zod'
import { textField, timestamp } from './zod-helpers'
import { projectParams } from './projects'
import { MAX_SQL_LENGTH } from './sql'

export const CONTENT_NAME_MAX = 256
export const CONTENT_DESCRIPTION_MAX = 1000
/** A snippet holds as much SQL as one run may send: what can be run can be saved. */
export const CONTENT_SQL_MAX = MAX_SQL_LENGTH
/** Characters of SQL a list item carries as its preview (the list never carries whole snippets). */
export const CONTENT_PREVIEW_LENGTH = 300
export const CONTENT_PAGE_DEFAULT = 50
export const CONTENT_PAGE_MAX = 100
/** Ids one delete may name. */
export const CONTENT_DELETE_MAX = 100

/** Runs kept per user and project; older ones are dropped as new ones are recorded. */
export const QUERY_HISTORY_KEEP = 500
/** Characters of SQL one history entry keeps (longer scripts are kept cut, and marked so). */
export const QUERY_HISTORY_SQL_MAX = 50_000

export const CONTENT_VISIBILITIES = ['user', 'project'] as const
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number]

export const CONTENT_SORTS = ['updated_at', 'inserted_at', 'name'] as const
export type ContentSort = (typeof CONTENT_SORTS)[number]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A UUID in any letter case, answered as Postgres stores it (lower case). */
export const uuidField = (label: string) =>
  textField(label)
    .regex(UUID, `${label} must be a UUID`)
    .transform((v) => v.toLowerCase())

/** `a,b,c` (how the dashboard's fetch helper joins arrays): 1 to `max` UUIDs, duplicates dropped. */
const uuidList = (label: string, max: number) =>
  textField(label)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(UUID, `${label} must be UUIDs separated by commas`))
        .min(1, `${label} is required: UUIDs separated by commas`)
        .max(max, `${label} may name at most ${max} items`)
    )
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])

const pageLimit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(CONTENT_PAGE_MAX, `limit must be at most ${CONTENT_PAGE_MAX}`)
  .default(CONTENT_PAGE_DEFAULT)

const cursorField = textField('cursor').max(500, 'cursor is not valid').optional()

/** Empty text means no search at all. */
const searchField = textField('search')
  .max(1000, 'search must be at most 1000 characters')
  .transform((v) => v.trim() || undefined)
  .optional()

const contentName = textField('name')
  .trim()
  .min(1, 'name is required')
  .max(CONTENT_NAME_MAX, `name must be at most ${CONTENT_NAME_MAX} characters`)

const contentType = z.literal('sql', { error: 'type must be "sql" (the only kind of content)' })

export const contentOwner = z.object({ id: z.number(), username: z.string() })
export type ContentOwner = z.infer<typeof contentOwner>

const snippetFields = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.literal('sql'),
  visibility: z.enum(CONTENT_VISIBILITIES),
  /** The caller's own star: starring a shared snippet changes nothing for other members. */
  favorite: z.boolean(),
  /** A folder of the snippet's owner (folders are each user's own). */
  folder_id: z.string().nullable(),
  /** Null once the author's account was deleted (a shared snippet stays with the project). */
  owner: contentOwner.nullable(),
  /** Who saved the current version. */
  updated_by: contentOwner.nullable(),
  inserted_at: timestamp,
  updated_at: timestamp,
  /** Raised by every change; an update names the version it was based on (`base_version`). */
  version: z.number().int(),
}

/** One snippet, whole. */
export const contentSnippet = z.object({ ...snippetFields, content: z.object({ sql: z.string() }) })
export type Content = z.infer<typeof contentSnippet>

/**
 * A snippet as the list answers it: no SQL, only its first characters (`preview`) and its length.
 * Open one with GET …/content/{id} before editing it: a preview saved back would cut the SQL.
 */
export const contentListItem = z.object({ ...snippetFields, preview: z.string(), sql_length: z.number().int() })
export type ContentListItem = z.infer<typeof contentListItem>

export const contentListQuery = z.object({
  type: contentType.default('sql'),
  limit: pageLimit,
  /** From the previous page's answer; valid only with the same `sort`. */
  cursor: cursorField,
  /** Case-insensitive, in the name and the SQL. */
  search: searchField,
  favorite: z.enum(['true', 'false'], { error: 'favorite must be true or false' }).transform((v) => v === 'true').optional(),
  visibility: z.enum(CONTENT_VISIBILITIES, { error: 'visibility must be "user" or "project"' }).optional(),
  /** updated_at and inserted_at: newest first; name: A to Z (regardless of case). */
  sort: z.enum(CONTENT_SORTS, { error: `sort must be one of ${CONTENT_SORTS.join(', ')}` }).default('updated_at'),
})
export type ContentListQuery = z.input<typeof contentListQuery>

export const contentList = z.object({
  data: z.array(contentListItem),
  /** Pass as `cursor` for the next page; null on the last one. */
  cursor: z.string().nullable(),
  /** The snippet the caller last opened in this project, while they can still see it. */
  last_visited_id: z.string().nullable(),
})
export type ContentList = z.infer<typeof contentList>

export const contentParams = projectParams.extend({ id: uuidField('id') })

export const upsertContentBody = z.object({
  /** Made by the client: a new id creates, a known one (with base_version) updates. */
  id: uuidField('id'),
  name: contentName,
  /** Left as it is when absent on an update; null clears it. */
  description: textField('description')
    .max(CONTENT_DESCRIPTION_MAX, `description must be at most ${CONTENT_DESCRIPTION_MAX} characters`)
    .nullable()
    .optional(),
  type: contentType,
  visibility: z.enum(CONTENT_VISIBILITIES, { error: 'visibility must be "user" or "project"' }),
  /** The caller's own star; left as it is when absent. */
  favorite: z.boolean({ error: 'favorite must be true or false' }).optional(),
  /** One of the snippet owner's folders; null for none; left as it is when absent on an update. */
  folder_id: uuidField('folder_id').nullable().optional(),
  content: z.object(
    { sql: textField('content.sql').max(CONTENT_SQL_MAX, `content.sql must be at most ${CONTENT_SQL_MAX} characters`) },
    { error: 'content must be an object: { sql }' }
  ),
  /** The version this change was based on; required to update an existing snippet. */
  base_version: z.number({ error: 'base_version must be a number' }).int('base_version must be a whole number').min(1, 'base_version must be at least 1').optional(),
})
export type UpsertContentBody = z.input<typeof upsertContentBody>

/** The JSON of the largest snippet body: every character of the SQL escaped, plus the other fields. */
export const UPSERT_CONTENT_MAX_BODY_BYTES = CONTENT_SQL_MAX * 6 + 64 * 1024

export const contentIdsQuery = z.object({ ids: uuidList('ids', CONTENT_DELETE_MAX) })
export const contentDeleted = z.object({ deleted: z.array(z.string()) })
export type ContentDeleted = z.infer<typeof contentDeleted>

export const contentFavoriteBody = z.object({ favorite: z.boolean({ error: 'favorite must be true or false' }) })

export const lastVisitedBody = z.object({ id: uuidField('id') })
export const lastVisited = z.object({ id: z.string(), visited_at: timestamp })

export const contentFolder = z.object({ id: z.string(), name: z.string(), inserted_at: timestamp, updated_at: timestamp })
export type ContentFolder = z.infer<typeof contentFolder>
export const contentFolderList = z.object({ data: z.array(contentFolder) })
export const createFolderBody = z.object({ name: contentName })
export const updateFolderBody = z.object({ id: uuidField('id'), name: contentName })

export const queryHistoryQuery = z.object({ limit: pageLimit, cursor: cursorField, search: searchField })
export type QueryHistoryQuery = z.input<typeof queryHistoryQuery>

export const queryHistoryEntry = z.object({
  id: z.number(),
  sql: z.string(),
  /** The run's SQL was longer than QUERY_HISTORY_SQL_MAX characters: `sql` is its beginning. */
  sql_truncated: z.boolean(),
  started_at: timestamp,
  duration_ms: z.number(),
  /** Rows of the last statement (returned, or affected); null when it has none, or on an error. */
  row_count: z.number().nullable(),
  /** Why the run failed (Postgres's message); null when it succeeded. */
  error: z.string().nullable(),
})
export type QueryHistoryEntry = z.infer<typeof queryHistoryEntry>
export const queryHistory = z.object({ data: z.array(queryHistoryEntry), cursor: z.string().nullable() })
export type QueryHistory = z.infer<typeof queryHistory>
