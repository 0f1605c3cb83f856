/**
 * Where GraphiQL keeps its tabs, query and history: in memory, for the life of the page. GraphiQL
 * would otherwise write `graphiql:*` keys to localStorage, outside the one module that names every
 * key the dashboard persists (and so outside what sign-out clears).
 */
export type GraphiqlStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  clear(): void
  length: number
}

export function memoryStorage(): GraphiqlStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return items.size
    },
  }
}
