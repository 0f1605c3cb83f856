/**
 * Keyset cursors for the lists of this folder: the sort key of a page's last item and its id,
 * opaque to the client (base64url JSON). A page then starts right after that item, whatever was
 * added or removed meanwhile, where an offset would skip or repeat items. Everything read back is
 * checked here, so a forged cursor is a 400, never a failed cast in the database.
 */
import { badRequest } from '../kernel/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Timestamps travel with microseconds (as Postgres keeps them), always in UTC. */
const MICRO_ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/

export const INVALID_CURSOR = 'cursor is not valid: pass the one the previous page answered, with the same sort'

export function encodeCursor(parts: string[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url')
}

function decodeParts(cursor: string): unknown[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(parts)) return parts
  } catch {
    // reported below
  }
  throw badRequest(INVALID_CURSOR)
}

/** A real point in time in the form Postgres wrote it (a day 31 of February is refused). */
export function isMicroTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = MICRO_ISO.exec(value)
  if (!match) return false
  const millis = `${match[1]}Z`
  const date = new Date(millis)
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis
}

/** A snippet list cursor: [sort, key, id]. The key's kind depends on the sort. */
export function decodeSnippetCursor(cursor: string, sort: string): { key: string; id: string } {
  const [cursorSort, key, id, ...rest] = decodeParts(cursor)
  const keyValid = sort === 'name' ? typeof key === 'string' && key.length <= 1024 && !key.includes('\u0000') : isMicroTimestamp(key)
  if (rest.length || cursorSort !== sort || !keyValid || typeof id !== 'string' || !UUID.test(id)) throw badRequest(INVALID_CURSOR)
  return { key: key as string, id }
}

/** A history cursor: the id of the page's last entry. */
export function decodeHistoryCursor(cursor: string): string {
  const [id, ...rest] = decodeParts(cursor)
  if (rest.length || typeof id !== 'string' || !/^[1-9]\d{0,17}$/.test(id)) throw badRequest(INVALID_CURSOR)
  return id
}
