/** Snippet rows as read from the control plane, and as answered. */
import { CONTENT_PREVIEW_LENGTH, type Content, type ContentListItem, type ContentOwner, type ContentVisibility } from '@/lib/api-types'

export type SnippetRow = {
  id: string
  name: string
  description: string | null
  visibility: ContentVisibility
  folder_id: string | null
  version: number
  inserted_at: Date | string
  updated_at: Date | string
  owner_id: number | null
  owner_username: string | null
  updated_by_id: number | null
  updated_by_username: string | null
  favorite: boolean
}

/**
 * Columns of a snippet without its SQL; `$1` is the caller's profile id (their own star). Used
 * with SNIPPET_FROM.
 */
export const SNIPPET_COLUMNS = `s.id::text as id, s.name, s.description, s.visibility, s.folder_id::text as folder_id, s.version,
  s.inserted_at, s.updated_at, s.owner_id::int as owner_id, o.username as owner_username,
  s.updated_by::int as updated_by_id, u.username as updated_by_username,
  exists (select 1 from content_favorites f where f.profile_id = $1 and f.snippet_id = s.id) as favorite`

export const SNIPPET_FROM = `from content_snippets s left join profiles o on o.id = s.owner_id left join profiles u on u.id = s.updated_by`

/** Which snippets of a project the caller sees ($1: their profile id, $2: the project's id). */
export const VISIBLE = `s.project_id = $2 and (s.owner_id = $1 or s.visibility = 'project')`

/** The list's preview instead of the SQL. */
export const PREVIEW_COLUMNS = `left(s.sql, ${CONTENT_PREVIEW_LENGTH}) as preview, char_length(s.sql) as sql_length`

const person = (id: number | null, username: string | null): ContentOwner | null =>
  id === null || username === null ? null : { id: Number(id), username }

function fields(row: SnippetRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: 'sql' as const,
    visibility: row.visibility,
    favorite: row.favorite,
    folder_id: row.folder_id,
    owner: person(row.owner_id, row.owner_username),
    updated_by: person(row.updated_by_id, row.updated_by_username),
    inserted_at: new Date(row.inserted_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    version: Number(row.version),
  }
}

export const toContent = (row: SnippetRow & { sql: string }): Content => ({ ...fields(row), content: { sql: row.sql } })

export const toListItem = (row: SnippetRow & { preview: string; sql_length: number }): ContentListItem => ({
  ...fields(row),
  preview: row.preview,
  sql_length: Number(row.sql_length),
})
