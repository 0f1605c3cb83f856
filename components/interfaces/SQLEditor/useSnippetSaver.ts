import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useContentUpsertMutation } from '@/data/content/content-upsert-mutation'
import { useContentQuery } from '@/data/content/content-query'
import { useContentLastVisitedMutation } from '@/data/content/content-last-visited-mutation'
import type { Content } from '@/lib/api-types'
import type { PendingSave } from '@/lib/sql-editor/pending-saves'
import { registerSaver } from '@/state/active-savers'
import { SnippetSaver } from '@/state/snippet-saver'

export type UseSnippetSaverOptions = {
  projectRef: string
  /** The snippet's id; null for one not created yet (the first save makes it). */
  id: string | null
  /** The snippet as loaded from the server; null for a new one. */
  snippet: Content | null
  /** Text from an earlier visit the server never acknowledged: restored and saved at once. */
  restored: PendingSave | null
  /** The id was made by the first save: the page shows it in the URL. */
  onCreated?: (id: string) => void
}

/**
 * One SnippetSaver per editor mount, wired to the content API and to the page's lifecycle: the
 * text is written to localStorage and sent before the page unloads or the editor goes away, and
 * again as soon as the browser is back online.
 */
export function useSnippetSaver({ projectRef, id, snippet, restored, onCreated }: UseSnippetSaverOptions) {
  // The status shows in the toolbar; a toast per failed autosave would only repeat it.
  const { mutateAsync } = useContentUpsertMutation({ onError: () => undefined })
  const { mutate: recordVisit } = useContentLastVisitedMutation()
  // Created once per mount; its callbacks are the latest, handed over after every render.
  const [saver] = useState(
    () =>
      new SnippetSaver({
        ref: projectRef,
        id,
        saved: snippet && { name: snippet.name, version: snippet.version, visibility: snippet.visibility, sql: snippet.content.sql },
        send: () => Promise.reject(new Error('The editor is not ready to save yet')),
      })
  )
  useEffect(() => {
    saver.configure({
      send: ({ sql, base_version, ...request }) =>
        mutateAsync({ ref: projectRef, ...request, type: 'sql', content: { sql }, base_version: base_version ?? undefined }),
      onCreated,
      onSaved: (saved, request) => {
        // A snippet just created is the one the user is in: the index page opens it next time.
        if (request.base_version === null) recordVisit({ ref: projectRef, id: saved.id })
      },
    })
  })
  const state = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot)

  // Restore once per mount (StrictMode runs effects twice: the second finds nothing left to do).
  const restoredOnce = useRef(false)
  useEffect(() => {
    if (!restored || restoredOnce.current) return
    restoredOnce.current = true
    saver.restore(restored)
  }, [saver, restored])

  // Renamed, shared or moved from the sidebar: the same text at a newer version is no conflict.
  const { data: live } = useContentQuery({ ref: projectRef, id: state.id ?? undefined }, { enabled: false })
  useEffect(() => {
    if (live) saver.adopt(live)
  }, [saver, live])

  useEffect(() => registerSaver(saver), [saver])

  useEffect(() => {
    const leave = () => {
      saver.persist()
      void saver.flush()
    }
    const online = () => void saver.flush()
    window.addEventListener('beforeunload', leave)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('beforeunload', leave)
      window.removeEventListener('online', online)
      // Another snippet, another page: the last keystrokes go too, but a new snippet's id made
      // now must not pull the URL back to it (the next render hands the callback over again).
      saver.configure({ onCreated: undefined })
      leave()
    }
  }, [saver])

  return { saver, state }
}
