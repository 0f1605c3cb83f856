import { useCallback } from 'react'
import { useStoredValue, type StoredValueCodec } from '@/state/stored-value'

const codec: StoredValueCodec<boolean> = { parse: (raw) => raw === 'true', serialize: String, fallback: false }

/**
 * Whether something was dismissed in this browser (`key` of LOCAL_STORAGE_KEYS), and the way to
 * dismiss it. The server render says "not dismissed"; the browser then reads the truth.
 */
export function useDismissed(key: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useStoredValue(key, codec)
  const dismiss = useCallback(() => setDismissed(true), [setDismissed])
  return [dismissed, dismiss]
}
