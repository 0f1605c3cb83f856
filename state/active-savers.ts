import type { SnippetSaver } from './snippet-saver'

/** The savers of the editors on screen, so that sign-out can send their text before the session ends. */
const active = new Set<SnippetSaver>()

export function registerSaver(saver: SnippetSaver) {
  active.add(saver)
  return () => {
    active.delete(saver)
  }
}

export const activeSavers = (): SnippetSaver[] => [...active]
