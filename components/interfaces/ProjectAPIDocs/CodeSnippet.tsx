import { CopyButton } from '@/components/ui/CopyButton'

/** A snippet to copy: scrolls sideways rather than wrapping, so it stays copyable as it is. */
export function CodeSnippet({ code, label }: { code: string; label: string }) {
  return (
    <figure className="overflow-hidden rounded-md border border-border bg-background">
      <figcaption className="flex items-center justify-between gap-2 border-b border-border bg-surface-raised px-3 py-1">
        <span className="truncate text-xs text-foreground-light">{label}</span>
        <CopyButton size="tiny" type="text" text={code} label={`Copy ${label}`} />
      </figcaption>
      <pre className="overflow-x-auto p-3 font-mono text-xs leading-relaxed text-foreground">
        <code>{code}</code>
      </pre>
    </figure>
  )
}
