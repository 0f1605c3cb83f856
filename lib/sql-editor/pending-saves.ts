/**
 * Snippet text the server has not acknowledged yet, kept in localStorage so that a failed save, a
 * closed tab or a reload never loses it. One entry per project and snippet; an entry is removed
 * only when a save of exactly that entry (or a newer one) is acknowledged.
 */
import { LOCAL_STORAGE_KEYS, PENDING_SQL_SAVE_PREFIX } from '@/lib/local-storage'

export type PendingSave = {
  sql: string
  name: string
  /** The version the text was based on; null for a snippet not created yet. */
  base_version: number | null
  /** When the text was written (ms since the epoch): tells an older entry from a newer one. */
  updated_at: number
}

const storageOrNull = (storage?: Storage): Storage | null => {
  if (storage) return storage
  return typeof window === 'undefined' ? null : window.localStorage
}

function parse(raw: string | null): PendingSave | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<PendingSave>
    if (typeof value.sql !== 'string' || typeof value.name !== 'string' || typeof value.updated_at !== 'number') return null
    const base = typeof value.base_version === 'number' ? value.base_version : null
    return { sql: value.sql, name: value.name, base_version: base, updated_at: value.updated_at }
  } catch {
    return null
  }
}

export function readPendingSave(ref: string, id: string, storage?: Storage): PendingSave | null {
  return parse(storageOrNull(storage)?.getItem(LOCAL_STORAGE_KEYS.PENDING_SQL_SAVE(ref, id)) ?? null)
}

/** Answers false when the browser refused (quota, private mode): the caller still has the text in memory. */
export function writePendingSave(ref: string, id: string, entry: PendingSave, storage?: Storage): boolean {
  try {
    storageOrNull(storage)?.setItem(LOCAL_STORAGE_KEYS.PENDING_SQL_SAVE(ref, id), JSON.stringify(entry))
    return true
  } catch {
    return false
  }
}

/**
 * Removes the entry once the server acknowledged a save. With `acknowledged` (the `updated_at` of
 * the entry that was sent), a newer entry written while that save was on its way is kept.
 */
export function clearPendingSave(ref: string, id: string, acknowledged?: number, storage?: Storage) {
  const store = storageOrNull(storage)
  if (!store) return
  const key = LOCAL_STORAGE_KEYS.PENDING_SQL_SAVE(ref, id)
  if (acknowledged !== undefined) {
    const current = parse(store.getItem(key))
    if (current && current.updated_at > acknowledged) return
  }
  store.removeItem(key)
}

/** Every pending save in this browser, for sign-out (which must flush or drop them). */
export function listPendingSaves(storage?: Storage): { ref: string; id: string; entry: PendingSave }[] {
  const store = storageOrNull(storage)
  if (!store) return []
  const found: { ref: string; id: string; entry: PendingSave }[] = []
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (!key?.startsWith(PENDING_SQL_SAVE_PREFIX)) continue
    const [ref, id] = key.slice(PENDING_SQL_SAVE_PREFIX.length).split('/')
    const entry = parse(store.getItem(key))
    if (ref && id && entry) found.push({ ref, id, entry })
  }
  return found
}
