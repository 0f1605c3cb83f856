import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { useStoredValue, type StoredValueCodec } from '@/state/stored-value'
import { ROW_LIMIT_OPTIONS, type RowLimit } from '@/lib/sql/row-limit'

export const DEFAULT_ROW_LIMIT: RowLimit = 100
const KEY = LOCAL_STORAGE_KEYS.SQL_EDITOR_ROW_LIMIT

/** The stored text of a limit: its number, or 'none' (null would read back as "nothing stored"). */
export const rowLimitToValue = (limit: RowLimit) => (limit === null ? 'none' : String(limit))

/** A stored or chosen value → a limit; anything unknown (another version, edited by hand) is the default. */
export function rowLimitFromValue(value: string | null): RowLimit {
  // Not find(): the "No limit" option is null itself.
  const index = ROW_LIMIT_OPTIONS.findIndex((limit) => rowLimitToValue(limit) === value)
  return index === -1 ? DEFAULT_ROW_LIMIT : ROW_LIMIT_OPTIONS[index]
}

const codec: StoredValueCodec<RowLimit> = { parse: rowLimitFromValue, serialize: rowLimitToValue, fallback: DEFAULT_ROW_LIMIT }

/** The row limit chosen in this browser (SSR and the first render say the default). */
export function useRowLimit(): [RowLimit, (limit: RowLimit) => void] {
  return useStoredValue(KEY, codec)
}
