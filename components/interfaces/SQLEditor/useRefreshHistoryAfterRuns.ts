import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribe } from 'valtio'
import { queryHistoryKeys } from '@/data/content/keys'
import { sqlEditorState, type SqlRunOutcome } from '@/state/sql-editor'

/**
 * Refetches the project's query history whenever a run of this project finishes (the platform
 * records every run, failed ones too). It watches the store's outcomes rather than the run
 * itself, whose code belongs to SQLEditor; a run that lands while no workspace is mounted is not
 * seen, and the history then refreshes when its data goes stale.
 */
export function useRefreshHistoryAfterRuns(projectRef: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const prefix = `${projectRef}/`
    const outcomes = () =>
      Object.entries(sqlEditorState.snippets).flatMap(([key, snippet]) =>
        key.startsWith(prefix) && snippet.lastRun ? [snippet.lastRun as SqlRunOutcome] : []
      )
    // Every run's outcome is a new object: one not seen yet is a run that just finished.
    const seen = new WeakSet<object>(outcomes())
    return subscribe(sqlEditorState, () => {
      let fresh = false
      for (const outcome of outcomes()) {
        if (seen.has(outcome)) continue
        seen.add(outcome)
        fresh = true
      }
      if (fresh) void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(projectRef) })
    })
  }, [projectRef, queryClient])
}
