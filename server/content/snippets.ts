/**
 * Saved SQL snippets. Every save is one control-plane transaction, committed before the answer:
 * the row is locked, the rules checked against it as stored, and the update made only where the
 * version is still the one the change was based on. Two saves based on the same version: the
 * first commits, the second then finds a newer version and gets 409 with the snippet as it is now.
 */
import type { z } from 'zod'
import type { Content, ContentDeleted, ContentList, ContentSort, contentIdsQuery, contentListQuery, upsertContentBody } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { badRequest, PlatformError } from '../kernel/errors'
import { requireProfile } from '../profile/profile'
import { decodeSnippetCursor, encodeCursor } from './cursor'
import { likePattern } from './search'
import { assertMayCreate, assertMayUpdate, canSee, mayDelete, NOT_FOUND, type Caller } from './rules'
import { PREVIEW_COLUMNS, SNIPPET_COLUMNS, SNIPPET_FROM, toContent, toListItem, VISIBLE, type SnippetRow } from './serialize'

type StoredRow = SnippetRow & { sql: string }

export async function callerIn(db: Queryable, platform: Platform, user: AuthUser, project: ProjectAccess): Promise<Caller> {
  const profile = await requireProfile(db, user.id)
  return { profileId: profile.id, role: project.role, isPlatform: platform.config.isPlatform }
}

/** A snippet of the project as stored, visible to the caller or not. `lock` holds it until the transaction ends. */
async function readSnippet(db: Queryable, profileId: number, projectId: number, id: string, lock?: 'update' | 'key share'): Promise<StoredRow | undefined> {
  const [row] = await db.query<StoredRow>(
    `select ${SNIPPET_COLUMNS}, s.sql ${SNIPPET_FROM} where s.id = $3 and s.project_id = $2 ${lock ? `for ${lock} of s` : ''}`,
    [profileId, projectId, id]
  )
  return row
}

async function setFavorite(db: Queryable, profileId: number, id: string, favorite: boolean) {
  if (favorite) await db.query(`insert into content_favorites (profile_id, snippet_id) values ($1, $2) on conflict do nothing`, [profileId, id])
  else await db.query(`delete from content_favorites where profile_id = $1 and snippet_id = $2`, [profileId, id])
}

/** A folder may hold only its owner's snippets: the caller's own when creating, the snippet owner's when updating. */
async function assertFolder(db: Queryable, folderId: string, projectId: number, ownerId: number | null) {
  const rows = ownerId === null ? [] : await db.query(`select 1 from content_folders where id = $1 and project_id = $2 and owner_id = $3 for key share`, [folderId, projectId, ownerId])
  if (!rows.length) throw badRequest("folder_id names none of the snippet owner's folders in this project")
}

const SORTS: Record<ContentSort, { key: string; column: string; order: 'asc' | 'desc'; cast: string }> = {
  updated_at: { key: `to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, column: 's.updated_at', order: 'desc', cast: 'timestamptz' },
  inserted_at: { key: `to_char(s.inserted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, column: 's.inserted_at', order: 'desc', cast: 'timestamptz' },
  name: { key: 'lower(s.name)', column: 'lower(s.name)', order: 'asc', cast: 'text' },
}

export async function listSnippets(platform: Platform, user: AuthUser, project: ProjectAccess, query: z.output<typeof contentListQuery>): Promise<ContentList> {
  const caller = await callerIn(platform.db, platform, user, project)
  const params: unknown[] = [caller.profileId, project.id]
  const where = [VISIBLE]
  const add = (value: unknown) => `$${params.push(value)}`
  if (query.search !== undefined) {
    const pattern = add(likePattern(query.search))
    where.push(`(s.name ilike ${pattern} or s.sql ilike ${pattern})`)
  }
  if (query.favorite !== undefined)
    where.push(`${query.favorite ? '' : 'not '}exists (select 1 from content_favorites f where f.profile_id = $1 and f.snippet_id = s.id)`)
  if (query.visibility !== undefined) where.push(`s.visibility = ${add(query.visibility)}`)
  const sort = SORTS[query.sort]
  if (query.cursor !== undefined) {
    const after = decodeSnippetCursor(query.cursor, query.sort)
    where.push(`(${sort.column}, s.id) ${sort.order === 'desc' ? '<' : '>'} (${add(after.key)}::${sort.cast}, ${add(after.id)}::uuid)`)
  }
  const limit = add(query.limit + 1)
  const [rows, lastVisited] = await Promise.all([
    platform.db.query<SnippetRow & { preview: string; sql_length: number; sort_key: string }>(
      `select ${SNIPPET_COLUMNS}, ${PREVIEW_COLUMNS}, ${sort.key} as sort_key ${SNIPPET_FROM}
       where ${where.join(' and ')} order by ${sort.column} ${sort.order}, s.id ${sort.order} limit ${limit}`,
      params
    ),
    platform.db.query<{ id: string }>(
      `select s.id::text as id from content_last_visited lv join content_snippets s on s.id = lv.snippet_id
       where lv.profile_id = $1 and lv.project_id = $2 and ${VISIBLE}`,
      [caller.profileId, project.id]
    ),
  ])
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    data: page.map(toListItem),
    cursor: rows.length > query.limit ? encodeCursor([query.sort, last.sort_key, last.id]) : null,
    last_visited_id: lastVisited[0]?.id ?? null,
  }
}

export async function getSnippet(platform: Platform, user: AuthUser, project: ProjectAccess, id: string): Promise<Content> {
  const caller = await callerIn(platform.db, platform, user, project)
  const row = await readSnippet(platform.db, caller.profileId, project.id, id)
  if (!row || !canSee(caller, row)) throw new PlatformError(404, NOT_FOUND)
  return toContent(row)
}

type UpsertBody = z.output<typeof upsertContentBody>
type Target = { name: string; description: string | null; visibility: string; folder_id: string | null; sql: string }

const sameAs = (row: StoredRow, next: Target) =>
  row.name === next.name && row.description === next.description && row.visibility === next.visibility && row.folder_id === next.folder_id && row.sql === next.sql

export function upsertSnippet(platform: Platform, user: AuthUser, project: ProjectAccess, body: UpsertBody): Promise<Content> {
  return platform.db.transaction(async (tx) => {
    const caller = await callerIn(tx, platform, user, project)
    return body.base_version === undefined ? createSnippet(tx, caller, project.id, body) : updateSnippet(tx, caller, project.id, body, body.base_version)
  })
}

async function createSnippet(tx: Queryable, caller: Caller, projectId: number, body: UpsertBody): Promise<Content> {
  const me = caller.profileId
  const next: Target = { name: body.name, description: body.description ?? null, visibility: body.visibility, folder_id: body.folder_id ?? null, sql: body.content.sql }
  assertMayCreate(caller, body.visibility)
  if (next.folder_id) await assertFolder(tx, next.folder_id, projectId, me)
  const inserted = await tx.query(
    `insert into content_snippets (id, project_id, owner_id, updated_by, name, description, visibility, folder_id, sql)
     values ($1, $2, $3, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing returning id`,
    [body.id, projectId, me, next.name, next.description, next.visibility, next.folder_id, next.sql]
  )
  if (!inserted.length) {
    const existing = await readSnippet(tx, me, projectId, body.id, 'update')
    if (!existing || !canSee(caller, existing)) throw badRequest('This id is taken by another snippet: create the new snippet with a new id.')
    // The same create sent again (its answer was lost on the way): it was saved, say so.
    if (existing.owner_id !== me || !sameAs(existing, next))
      throw badRequest(
        `A snippet with this id exists already (version ${existing.version}): send base_version, the version your change is based on, to update it.`,
        { current: toContent(existing) }
      )
  }
  if (body.favorite !== undefined) await setFavorite(tx, me, body.id, body.favorite)
  return toContent((await readSnippet(tx, me, projectId, body.id))!)
}

async function updateSnippet(tx: Queryable, caller: Caller, projectId: number, body: UpsertBody, baseVersion: number): Promise<Content> {
  const me = caller.profileId
  const stored = await readSnippet(tx, me, projectId, body.id, 'update')
  if (!stored || !canSee(caller, stored))
    throw new PlatformError(404, `${NOT_FOUND}: it may have been deleted meanwhile. Save it without base_version to create it again.`)
  const next: Target = {
    name: body.name,
    description: body.description === undefined ? stored.description : body.description,
    visibility: body.visibility,
    folder_id: body.folder_id === undefined ? stored.folder_id : body.folder_id,
    sql: body.content.sql,
  }
  // Nothing of the snippet changes (a second tab saving the same text, or only the caller's star):
  // no new version, so nobody else's next save is refused for it.
  if (!sameAs(stored, next)) {
    assertMayUpdate(caller, stored, body.visibility)
    if (stored.version !== baseVersion) {
      const by = stored.updated_by_username ? ` by ${stored.updated_by_username}` : ''
      throw new PlatformError(
        409,
        `"${stored.name}" was saved meanwhile${by} (version ${stored.version}; your change is based on version ${baseVersion}). Keep yours by saving it again with base_version ${stored.version}, or take theirs.`,
        { current: toContent(stored) }
      )
    }
    if (next.folder_id && next.folder_id !== stored.folder_id) await assertFolder(tx, next.folder_id, projectId, stored.owner_id)
    const updated = await tx.query(
      `update content_snippets set name = $4, description = $5, visibility = $6, folder_id = $7, sql = $8,
         version = version + 1, updated_at = now(), updated_by = $3
       where id = $1 and project_id = $2 and version = $9 returning id`,
      [body.id, projectId, me, next.name, next.description, next.visibility, next.folder_id, next.sql, baseVersion]
    )
    // The row is locked above, so this cannot miss; if it ever did, refusing beats overwriting.
    if (!updated.length) throw new PlatformError(409, `"${stored.name}" was saved meanwhile. Reload it and save again.`)
  }
  if (body.favorite !== undefined) await setFavorite(tx, me, body.id, body.favorite)
  return toContent((await readSnippet(tx, me, projectId, body.id))!)
}

/** Deletes what the caller may delete among `ids`; ids they cannot see (or gone already) are left out of the answer. */
export function deleteSnippets(platform: Platform, user: AuthUser, project: ProjectAccess, { ids }: z.output<typeof contentIdsQuery>): Promise<ContentDeleted> {
  return platform.db.transaction(async (tx) => {
    const caller = await callerIn(tx, platform, user, project)
    const rows = await tx.query<{ id: string; name: string; owner_id: number | null; visibility: 'user' | 'project' }>(
      `select id::text as id, name, owner_id::int as owner_id, visibility from content_snippets
       where project_id = $1 and id = any(string_to_array($2, ',')::uuid[]) for update`,
      [project.id, ids.join(',')]
    )
    const visible = rows.filter((row) => canSee(caller, row))
    const refused = visible.filter((row) => !mayDelete(caller, row))
    if (refused.length)
      throw new PlatformError(
        403,
        `Only the owner, or an Owner or Admin of the organization, can delete ${refused.map((r) => `"${r.name}"`).join(', ')}. Nothing was deleted.`
      )
    if (!visible.length) return { deleted: [] }
    const deleted = await tx.query<{ id: string }>(`delete from content_snippets where project_id = $1 and id = any(string_to_array($2, ',')::uuid[]) returning id::text as id`, [
      project.id,
      visible.map((row) => row.id).join(','),
    ])
    return { deleted: deleted.map((row) => row.id) }
  })
}

/** The caller's own star: any member who sees the snippet may set it. */
export function setSnippetFavorite(platform: Platform, user: AuthUser, project: ProjectAccess, id: string, favorite: boolean): Promise<Content> {
  return platform.db.transaction(async (tx) => {
    const caller = await callerIn(tx, platform, user, project)
    const stored = await readSnippet(tx, caller.profileId, project.id, id, 'key share')
    if (!stored || !canSee(caller, stored)) throw new PlatformError(404, NOT_FOUND)
    await setFavorite(tx, caller.profileId, id, favorite)
    return toContent({ ...stored, favorite })
  })
}
