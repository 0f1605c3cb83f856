import { Check, CloudOff, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, Spinner } from '@/components/ui'
import type { SaveStatus } from '@/state/snippet-saver'

export type SaveIndicatorProps = {
  status: SaveStatus
  /** When the server last saved the snippet, for "Saved" before anything was typed. */
  savedAt?: string
  /** False for a snippet not created yet. */
  exists: boolean
  onSaveNow: () => void
  onResolveConflict: () => void
}

const timeOf = (value: number | string) => new Date(value).toLocaleString()

/** Seconds until `at`, ticking while it is in the future. */
function useSecondsUntil(at: number | null) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (at === null) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [at])
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1_000))
}

/** Where the snippet's text stands with the server, in the toolbar; and "Save now" when it is not saved. */
export function SaveIndicator({ status, savedAt, exists, onSaveNow, onResolveConflict }: SaveIndicatorProps) {
  const seconds = useSecondsUntil(status.kind === 'retrying' ? status.retryAt : null)
  const saveNow = (
    <Button size="tiny" type="outline" onClick={onSaveNow}>
      Save now
    </Button>
  )
  let content
  switch (status.kind) {
    case 'idle':
      content = exists ? (
        <Saved title={savedAt ? `Saved ${timeOf(savedAt)}` : undefined} />
      ) : (
        <span className="text-foreground-lighter">Not saved yet</span>
      )
      break
    case 'dirty':
      content = <span className="text-foreground-lighter">Unsaved changes</span>
      break
    case 'saving':
      content = (
        <span className="inline-flex items-center gap-1">
          <Spinner label={null} size={12} />
          Saving…
        </span>
      )
      break
    case 'saved':
      content = <Saved title={`Saved ${timeOf(status.at)}`} />
      break
    case 'retrying':
      content = (
        <>
          <span className="inline-flex items-center gap-1 text-warning" title={status.message}>
            <CloudOff size={14} aria-hidden="true" />
            {status.offline ? 'Offline — will retry' : `Not saved — retrying in ${seconds}s`}
          </span>
          {saveNow}
        </>
      )
      break
    case 'failed':
      content = (
        <>
          <span className="inline-flex min-w-0 items-center gap-1 text-destructive" title={status.message}>
            <TriangleAlert size={14} aria-hidden="true" />
            <span className="truncate">Not saved: {status.message}</span>
          </span>
          {saveNow}
        </>
      )
      break
    case 'conflict':
      content = (
        <>
          <span className="inline-flex items-center gap-1 text-warning">
            <TriangleAlert size={14} aria-hidden="true" />
            Not saved — changed elsewhere
          </span>
          <Button size="tiny" type="outline" onClick={onResolveConflict}>
            Resolve
          </Button>
        </>
      )
  }
  return (
    <div className="flex min-w-0 items-center gap-2 text-xs text-foreground-light" data-testid="sql-editor-save-status">
      <span role="status" aria-live="polite" className="flex min-w-0 items-center gap-2">
        {content}
      </span>
    </div>
  )
}

function Saved({ title }: { title?: string }) {
  return (
    <span className="inline-flex items-center gap-1" title={title}>
      <Check size={14} aria-hidden="true" />
      Saved
    </span>
  )
}
