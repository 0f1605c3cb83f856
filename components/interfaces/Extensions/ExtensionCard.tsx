/**
 * One extension: name, version, schema, comment, tags, links, and its switch. An extension that
 * cannot be changed here shows why; a member who may not change anything sees the switch disabled.
 */
import Link from 'next/link'
import { BookOpen, Code2, ExternalLink } from 'lucide-react'
import { Badge } from '@/components/ui'
import type { Extension } from '@/lib/api-types'

export type ExtensionCardProps = {
  extension: Extension
  /** The member may change extensions at all (and nothing is under way). */
  editable: boolean
  onToggle: (extension: Extension) => void
}

export function ExtensionCard({ extension: e, editable, onToggle }: ExtensionCardProps) {
  const version = e.installed_version ?? e.default_version
  const switchDisabled = !editable || !e.changeable
  const reasonId = `extension-${e.name}-reason`
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4" aria-label={e.name}>
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 className="break-all font-mono text-sm font-medium text-foreground">{e.name}</h2>
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-foreground-lighter">
            {version && <span>v{version}</span>}
            {e.enabled && e.schema && (
              <span>
                in schema <span className="break-all font-mono text-foreground-light">{e.schema}</span>
              </span>
            )}
            {e.enabled && <Badge variant="brand">Enabled</Badge>}
            {e.enabled && e.installed_version !== e.default_version && e.default_version && <span>(v{e.default_version} available)</span>}
          </div>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={e.enabled}
          aria-label={`${e.enabled ? 'Disable' : 'Enable'} ${e.name}`}
          aria-describedby={e.reason ? reasonId : undefined}
          disabled={switchDisabled}
          onClick={() => onToggle(e)}
          className={
            'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-border transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand disabled:cursor-not-allowed disabled:opacity-50 ' +
            (e.enabled ? 'bg-brand' : 'bg-surface-raised')
          }
        >
          <span
            aria-hidden="true"
            className={'inline-block h-4 w-4 rounded-full bg-white shadow transition-transform dark:bg-foreground ' + (e.enabled ? 'translate-x-4' : 'translate-x-0.5')}
          />
        </button>
      </div>
      {e.comment && <p className="text-sm text-foreground-light">{e.comment}</p>}
      {e.reason && (
        <p id={reasonId} className="text-xs text-warning">
          {e.reason}
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-1.5">
        {e.tags.map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <Link href={e.link} className="inline-flex items-center gap-1 text-foreground-light hover:text-foreground">
          <BookOpen size={14} aria-hidden="true" /> Guide
        </Link>
        {e.github_url && (
          <a href={e.github_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-foreground-light hover:text-foreground">
            <Code2 size={14} aria-hidden="true" /> GitHub<span className="sr-only"> ({e.name}, opens in a new tab)</span>
          </a>
        )}
        {e.product && e.product_url && (
          <a href={e.product_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-foreground-light hover:text-foreground">
            <ExternalLink size={14} aria-hidden="true" /> {e.product}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  )
}
