import { useState, type KeyboardEvent } from 'react'
import { cellText, type CellInput, type ColumnInfo } from '@/lib/table-editor'
import { jsonError } from './table-editor.utils'
import { ValueInput } from './ValueInput'

/**
 * The inline editor of one cell, over the cell: Enter hands the value over (to be reviewed as SQL),
 * Escape gives up. NULL is a button, not a word typed (a text column may hold the text "NULL").
 */
export function CellEditor({
  column,
  value,
  onCommit,
  onCancel,
}: {
  column: ColumnInfo
  value: unknown
  onCommit: (input: CellInput) => void
  onCancel: () => void
}) {
  const [text, setText] = useState(() => cellText(column, value) ?? '')
  const problem = column.category === 'json' && text.trim() !== '' ? jsonError(text) : null

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys typed here are the editor's, not the grid's.
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      if (!problem) onCommit(text)
    }
  }

  return (
    <div
      className="absolute top-0 left-0 z-30 flex min-w-full flex-col border border-brand bg-surface shadow-lg"
      // Room to type even in a narrow column.
      style={{ width: 260 }}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <div className="flex h-7 items-stretch">
        <ValueInput column={column} value={text} onChange={setText} label={`New value of ${column.name}`} invalid={Boolean(problem)} compact autoFocus onKeyDown={onKeyDown} />
        {column.nullable && (
          <button
            type="button"
            onKeyDown={(event) => event.key === 'Escape' && onKeyDown(event)}
            onClick={() => onCommit(null)}
            className="shrink-0 border-l border-border px-2 text-[10px] font-medium text-foreground-light hover:bg-surface-raised"
          >
            Set NULL
          </button>
        )}
      </div>
      <p className="bg-surface-raised px-2 py-0.5 text-[10px] text-foreground-lighter">{problem ?? 'Enter to review the change · Escape to cancel'}</p>
    </div>
  )
}
