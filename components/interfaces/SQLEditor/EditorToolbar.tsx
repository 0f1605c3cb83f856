import { Eye, Lock, Play, Square, WandSparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '@/components/ui'
import type { RowLimit } from '@/lib/sql/row-limit'
import { sqlEditorState, type SqlActiveRun } from '@/state/sql-editor'
import { RowLimitSelect } from './RowLimitSelect'
import { RunTimer } from './RunTimer'
import { useRunShortcutLabel } from './useRunShortcutLabel'

export type EditorToolbarProps = {
  /** The store key of the editor's text. */
  storeKey: string
  running: boolean
  canRun: boolean
  /** The role runs SQL with read privileges only. */
  readOnly: boolean
  /** Why this snippet cannot be saved by the caller (a shared one, a Read-only role); null when it can. */
  cannotSave: string | null
  onRun: () => void
  /** The run under way (the Run button becomes Cancel, a timer counts); null when none. */
  activeRun: Pick<SqlActiveRun, 'startedAt' | 'cancelling'> | null
  onCancel: () => void
  rowLimit: RowLimit
  onRowLimitChange: (limit: RowLimit) => void
  /** Formats the selection or everything; absent when the text cannot be changed (view only). */
  onFormat?: () => void
  /** The sidebar toggle on a phone. */
  start?: ReactNode
  /** The save indicator. */
  status?: ReactNode
}

/** The toolbar reads the text itself so typing re-renders only it, not the editor screen. */
export function EditorToolbar({
  storeKey,
  running,
  canRun,
  readOnly,
  cannotSave,
  onRun,
  activeRun,
  onCancel,
  rowLimit,
  onRowLimitChange,
  onFormat,
  start,
  status,
}: EditorToolbarProps) {
  const snap = useSnapshot(sqlEditorState)
  const empty = !(snap.snippets[storeKey]?.sql ?? '').trim()
  const shortcut = useRunShortcutLabel()
  return (
    <div className="flex min-h-10 shrink-0 flex-wrap items-center gap-2 border-b border-border bg-surface px-3 py-1">
      {start}
      {/* Room for "Saved" at least: the actions wrap onto a line of their own before they cover it. */}
      <div className="flex min-w-24 flex-1 items-center gap-3 overflow-hidden">
        {status}
        {cannotSave && (
          <span className="inline-flex items-center gap-1 text-xs text-foreground-light" title={cannotSave} data-testid="sql-editor-cannot-save">
            <Lock size={14} aria-hidden="true" />
            <span className="truncate">{cannotSave}</span>
          </span>
        )}
        {readOnly && (
          <span
            className="inline-flex items-center gap-1 text-xs text-foreground-light"
            title="Your role in this organization reads data but does not change it: your SQL runs with read privileges only."
            data-testid="sql-editor-read-only"
          >
            <Eye size={14} aria-hidden="true" />
            Read-only
          </span>
        )}
      </div>
      {/* On a phone these wrap onto a line of their own, under the status. */}
      <div className="flex items-center gap-2">
        {onFormat && (
          <Button
            size="tiny"
            type="text"
            icon={<WandSparkles size={14} aria-hidden="true" />}
            disabled={empty}
            onClick={onFormat}
            aria-label="Format SQL"
            aria-keyshortcuts="Shift+Alt+F"
            title="Format SQL: the selection if there is one, else everything (Shift+Alt+F)"
          >
            <span className="hidden sm:inline">Format</span>
          </Button>
        )}
        <RowLimitSelect value={rowLimit} onChange={onRowLimitChange} />
        {running && activeRun && <RunTimer startedAt={activeRun.startedAt} />}
        {running ? (
          <Button
            size="tiny"
            loading={activeRun?.cancelling}
            icon={<Square size={12} aria-hidden="true" />}
            onClick={onCancel}
            aria-keyshortcuts="Escape"
            title="Stop the running query (Escape in the editor)"
          >
            {activeRun?.cancelling ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : (
          <Button
            type="primary"
            size="tiny"
            disabled={empty || !canRun}
            icon={<Play size={14} aria-hidden="true" />}
            iconRight={
              <kbd aria-hidden="true" className="font-mono text-[11px] opacity-85">
                {shortcut}
              </kbd>
            }
            onClick={onRun}
            aria-keyshortcuts="Meta+Enter Control+Enter"
            title={
              !canRun
                ? 'Your role in this organization cannot run SQL'
                : empty
                  ? 'Write some SQL to run'
                  : 'Runs the selection if there is one, else everything'
            }
          >
            Run
          </Button>
        )}
      </div>
    </div>
  )
}
