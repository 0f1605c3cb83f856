import { toast } from 'sonner'
import { afterEach, beforeEach, vi } from 'vitest'

const KINDS = ['success', 'error', 'warning', 'info', 'message'] as const
type Kind = (typeof KINDS)[number]

/**
 * The toasts the code under test showed, kind by kind, as their text; none is drawn. Each test
 * starts with none, and `toast.success` and the others are spies for the test to ask about.
 *
 * Spies on sonner's own `toast` rather than a module mock: a file without `vi.mock` shares the
 * loaded modules with the next one (tests/shared-module-files.mjs).
 */
export function recordToasts(): Record<Kind, string[]> {
  const toasts = Object.fromEntries(KINDS.map((kind) => [kind, [] as string[]])) as Record<Kind, string[]>
  let spies: { mockRestore(): void }[] = []
  beforeEach(() => {
    spies = KINDS.map((kind) => {
      toasts[kind].length = 0
      return vi.spyOn(toast, kind).mockImplementation((message) => {
        toasts[kind].push(String(message))
        return kind
      })
    })
  })
  afterEach(() => {
    for (const spy of spies) spy.mockRestore()
  })
  return toasts
}
