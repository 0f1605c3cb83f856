import { Eye, Lock, Play } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '@/components/ui'
import { sqlEditorState } from '@/state/sql-editor'
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
  /** The sidebar toggle on a phone. */
  start?: ReactNode
  /** The save indicator. */
  status?: ReactNode
}

/** The toolbar reads the text itself so typing re-renders only it, not the editor screen. */
export function EditorToolbar({ storeKey, running, canRun, readOnly, cannotSave, onRun, start, status }: EditorToolbarProps) {
  const snap = useSnapshot(sqlEditorState)
  const empty = !(snap.snippets[storeKey]?.sql ?? '').trim()
  const shortcut = useRunShortcutLabel()
  return (
    <div className="flex min-h-10 shrink-0 flex-wrap items-center gap-2 border-b border-border bg-surface px-3 py-1">
      {start}
      <div className="flex min-w-0 flex-1 items-center gap-3">
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
      <Button
        type="primary"
        size="tiny"
        loading={running}
        disabled={empty || !canRun}
        icon={<Play size={14} aria-hidden="true" />}
        iconRight={
          <kbd aria-hidden="true" className="font-mono text-[11px] opacity-70">
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
    </div>
  )
}
