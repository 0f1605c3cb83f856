import { ConfirmSqlModal } from './ConfirmSqlModal'
import type { useSqlChange } from './use-sql-change'

/** The confirm dialog of a page's `useSqlChange`. */
export function ChangeDialog({ change }: { change: ReturnType<typeof useSqlChange> }) {
  const p = change.pending
  return (
    <ConfirmSqlModal
      open={p !== null}
      title={p?.title ?? ''}
      description={p?.description}
      sql={p?.shownSql ?? ''}
      confirmLabel={p?.confirmLabel ?? 'Run'}
      danger={p?.danger}
      running={change.running}
      error={change.error}
      onConfirm={change.confirm}
      onClose={change.close}
    />
  )
}
