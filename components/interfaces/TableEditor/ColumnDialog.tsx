import { useState } from 'react'
import { Modal, ModalActions } from '@/components/ui'
import { addColumnSql, alterColumnSql, type ColumnInfo, type TableDetail } from '@/lib/table-editor'
import { columnChangeOf, draftOf } from './column-change'
import { ColumnFields, columnProblem } from './ColumnFields'
import { emptyColumn } from './column-types'
import { useSqlReview } from './SqlReviewContext'

/** Adds a column, or changes one (every part of the change in one transaction), after review. */
export function ColumnDialog({ projectRef, table, column, onClose }: { projectRef: string; table: TableDetail; column: ColumnInfo | null; onClose: () => void }) {
  const review = useSqlReview()
  const [draft, setDraft] = useState(() => (column ? draftOf(column) : emptyColumn()))
  const change = column ? columnChangeOf(column, draft) : null
  const problem = columnProblem(draft) ?? (change && Object.keys(change).length === 0 ? 'Nothing changed yet.' : null)

  const submit = () =>
    review(
      column && change
        ? {
            title: `Change column ${column.name}`,
            build: () => alterColumnSql(table, column, change),
            success: `Column ${draft.name} changed`,
            onDone: onClose,
          }
        : { title: `Add column ${draft.name}`, build: () => addColumnSql(table, draft), success: `Column ${draft.name} added`, onDone: onClose }
    )

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="large"
      title={column ? `Column ${column.name}` : `New column in ${table.name}`}
      footer={<ModalActions actionLabel="Review SQL" onCancel={onClose} onAction={submit} actionDisabled={problem !== null} note={problem} />}
    >
      <ColumnFields projectRef={projectRef} schema={table.schema} label="Column" column={draft} onChange={setDraft} existing={column !== null} />
    </Modal>
  )
}
