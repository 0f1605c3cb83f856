import { useState } from 'react'
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

/**
 * One change at a time through a confirm dialog: `propose` opens it, `confirm` runs the SQL
 * (the dialog keeps Postgres' message on failure), and it closes on success.
 */
export function useSqlChange(projectRef: string) {
  const mutation = useFeatureSqlMutation()
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
