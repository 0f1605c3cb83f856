/**
 * Sign-out and unsaved SQL (README.md, "Signing out"): everything not acknowledged yet is sent
 * while the session still works; what cannot be sent is dropped only if the user agrees, because
 * a local copy must not outlive the session on a shared computer.
 */
import { getContent } from '@/data/content/content-query'
import { upsertContent } from '@/data/content/content-upsert-mutation'
import { activeSavers } from '@/state/active-savers'
import { clearPendingSave, listPendingSaves, type PendingSave } from '@/lib/sql-editor/pending-saves'

async function sendPending(ref: string, id: string, entry: PendingSave): Promise<boolean> {
  try {
    let visibility: 'user' | 'project' = 'user'
    if (entry.base_version !== null) {
      const current = await getContent({ ref, id })
      // Saved by someone else meanwhile: only the user can decide, in the editor.
      if (current.version !== entry.base_version && current.content.sql !== entry.sql) return false
      visibility = current.visibility
    }
    await upsertContent({
      ref,
      id,
      name: entry.name,
      type: 'sql',
      visibility,
      content: { sql: entry.sql },
      base_version: entry.base_version ?? undefined,
    })
    clearPendingSave(ref, id, entry.updated_at)
    return true
  } catch {
    return false
  }
}

/** Sends every pending save; answers how many could not be sent. */
export async function flushPendingSaves(): Promise<number> {
  const savers = activeSavers()
  savers.forEach((saver) => saver.persist())
  await Promise.all(savers.map((saver) => saver.flush()))
  const left = listPendingSaves()
  const sent = await Promise.all(left.map(({ ref, id, entry }) => sendPending(ref, id, entry)))
  return sent.filter((ok) => !ok).length
}

/**
 * True when sign-out may go on: nothing was left unsaved, or the user agreed to lose it. The
 * editors on screen then forget their text, so that they do not write it back while unmounting.
 */
export async function settlePendingSqlSaves(confirm: (message: string) => boolean = (m) => window.confirm(m)): Promise<boolean> {
  const failed = await flushPendingSaves().catch(() => listPendingSaves().length)
  if (failed > 0) {
    const what = failed === 1 ? 'A change to an SQL snippet' : `Changes to ${failed} SQL snippets`
    if (!confirm(`${what} could not be saved. Sign out anyway and lose ${failed === 1 ? 'it' : 'them'}?`)) return false
  }
  activeSavers().forEach((saver) => saver.abandon())
  return true
}
