/**
 * Where GraphiQL keeps its tabs, query and history: in memory, for the life of one editor. GraphiQL
 * would otherwise write `graphiql:*` keys to localStorage, outside the one module that names every
 * key the dashboard persists (and so outside what sign-out clears).
 *
 * GraphiQL holds its storage in a module-wide store that a new editor swaps its own into only
 * after its first render, which reads its tabs; and an editor going away may still save its tabs
 * half a second later (a debounced write). So each editor has a storage of its own, and only the
 * editor that claimed last (during its render, before GraphiQL reads) may read or write: a new
 * project's editor reads nothing from the previous one's storage, and the previous editor's late
 * writes are dropped.
 */
export type GraphiqlStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  clear(): void
  length: number
}

export type EditorStorage = GraphiqlStorage & {
  /** Makes this the storage that reads and writes (the editor is rendering). */
  claim(): void
  /** Empties it; it reads and keeps nothing from now on unless claimed again (the editor went away). */
  release(): void
}

let claimed: EditorStorage | null = null

export function editorStorage(): EditorStorage {
  const items = new Map<string, string>()
  const storage: EditorStorage = {
    getItem: (key) => (claimed === storage ? (items.get(key) ?? null) : null),
    setItem: (key, value) => {
      if (claimed === storage) items.set(key, value)
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return claimed === storage ? items.size : 0
    },
    claim: () => {
      claimed = storage
    },
    release: () => {
      if (claimed === storage) claimed = null
      items.clear()
    },
  }
  return storage
}
