import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { useStoredValue, type StoredValueCodec } from '@/state/stored-value'
import { DEFAULT_EDITOR_FRACTION, parseStoredFraction } from './split-size'

const codec: StoredValueCodec<number> = {
  parse: (raw) => parseStoredFraction(raw) ?? DEFAULT_EDITOR_FRACTION,
  serialize: (fraction) => String(Math.round(fraction * 1000) / 1000),
  fallback: DEFAULT_EDITOR_FRACTION,
}

/** The editor's share of the split as remembered in this browser (SSR and the first render: half). */
export function useEditorSplit(): [number, (fraction: number) => void] {
  return useStoredValue(LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT, codec)
}
