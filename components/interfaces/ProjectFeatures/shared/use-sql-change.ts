import { useState } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { useFeatureSqlMutation } from '@/data/project-features/feature-sql-mutation'

/** A change waiting for the user's confirmation: what the dialog shows, and what really runs. */
export type PendingChange = {
  title: string
  description?: string
  /** Shown to the user. */
  shownSql: string
  /** Run; the same as `shownSql` unless a secret is masked in the shown text. */
  sql: string
  confirmLabel: string
  danger?: boolean
  skipHistory?: boolean
  onDone?: () => void
}

/** What runs a confirmed change: a mutation of the SQL endpoint, with its own cache refreshes. */
type SqlChangeMutation = UseMutationResult<unknown, Error, { projectRef: string; sql: string; skipHistory?: boolean }>

/**
 * One change at a time through a confirm dialog: `propose` opens it, `confirm` runs the SQL
 * (the dialog keeps Postgres' message on failure), and it closes on success. The project
 * features' pages refresh their listings (useSqlChange); another page passes its own mutation.
 */
export function useSqlChange(projectRef: string) {
  return useReviewedSql(projectRef, useFeatureSqlMutation())
}

export function useReviewedSql(projectRef: string, mutation: SqlChangeMutation) {
  const [pending, setPending] = useState<PendingChange | null>(null)
  return {
    pending,
    running: mutation.isPending,
    error: mutation.error?.message ?? null,
    propose(change: PendingChange) {
      mutation.reset()
      setPending(change)
    },
    confirm() {
      if (!pending) return
      mutation.mutate(
        { projectRef, sql: pending.sql, skipHistory: pending.skipHistory },
        {
          onSuccess: () => {
            pending.onDone?.()
            setPending(null)
          },
        }
      )
    },
    close() {
      if (mutation.isPending) return
      mutation.reset()
      setPending(null)
    },
  }
}
