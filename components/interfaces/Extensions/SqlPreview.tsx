import { useId } from 'react'

/** The SQL a dialog is about to run, exactly as the platform will run it. */
export function SqlPreview({ sql }: { sql: string }) {
  const labelId = useId()
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-medium text-foreground-light" id={labelId}>
        SQL that will run
      </span>
      <pre
        aria-labelledby={labelId}
        className="relative overflow-x-auto whitespace-pre rounded border border-border bg-surface-raised p-3 font-mono text-xs text-foreground"
      >
        {sql}
      </pre>
    </div>
  )
}
