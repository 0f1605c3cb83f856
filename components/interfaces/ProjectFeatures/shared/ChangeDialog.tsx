import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import type { useSqlChange } from './use-sql-change'

/** The confirm dialog of a page's `useSqlChange`. */
export function ChangeDialog({ change }: { change: ReturnType<typeof useSqlChange> }) {
  const p = change.pending
  return (
    <SqlReviewDialog
      open={p !== null}
      title={p?.title ?? ''}
      description={p?.description}
      sql={p?.shownSql ?? ''}
      runLabel={p?.confirmLabel ?? 'Run'}
      danger={p?.danger}
      running={change.running}
      error={change.error}
      errorTitle="Postgres refused it"
      onRun={change.confirm}
      onClose={change.close}
    />
  )
}
