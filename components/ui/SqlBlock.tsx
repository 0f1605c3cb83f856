import { CopyButton } from './CopyButton'

/**
 * SQL to read or copy: scrolls inside its own box (reachable from the keyboard), so a long line
 * never widens the page. `label` is its caption and its accessible name.
 */
export function SqlBlock({ sql, label, copyLabel = `Copy ${label.toLowerCase()}` }: { sql: string; label: string; copyLabel?: string }) {
  return (
    <figure className="relative min-w-0 rounded-md border border-border bg-background">
      <figcaption className="flex items-center justify-between gap-2 border-b border-border bg-surface-raised px-3 py-1.5">
        <span className="text-xs font-medium text-foreground-light">{label}</span>
        <CopyButton size="tiny" type="text" text={sql} label={copyLabel}>
          Copy
        </CopyButton>
      </figcaption>
      <pre aria-label={label} tabIndex={0} className="max-h-72 overflow-auto p-3 font-mono text-xs leading-relaxed text-foreground">
        <code>{sql}</code>
      </pre>
    </figure>
  )
}
