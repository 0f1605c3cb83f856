/**
 * The database's publications, one row each: its name (opens its tables), owner, its four events
 * as switches and how many tables it holds. Stacked on a phone, in a row from `md`.
 */
import { Toggle } from '@/components/ui'
import { PUBLICATION_EVENTS, type Publication, type PublicationChange, type PublicationEvent } from '@/lib/sql/publications'
import { publicationLock, type Access } from './publication-changes'

export const EVENT_LABELS: Record<PublicationEvent, string> = { insert: 'Insert', update: 'Update', delete: 'Delete', truncate: 'Truncate' }

const tablesText = (p: Publication) => (p.allTables ? 'All tables' : p.tables.length === 1 ? '1 table' : `${p.tables.length} tables`)

export function PublicationList({
  publications,
  access,
  onOpen,
  onChange,
}: {
  publications: readonly Publication[]
  access: Access
  onOpen: (publication: Publication) => void
  onChange: (change: PublicationChange) => void
}) {
  return (
    <ul aria-label="Publications" className="divide-y divide-border rounded-lg border border-border bg-surface">
      {publications.map((p) => {
        const lock = publicationLock(p, access)
        return (
          <li key={p.id} aria-label={p.name} className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:gap-6">
            <div className="flex min-w-0 flex-col gap-0.5 md:w-64">
              <button
                type="button"
                onClick={() => onOpen(p)}
                className={
                  'self-start break-all text-left font-mono text-sm font-medium text-foreground hover:underline ' +
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand'
                }
              >
                {p.name}
              </button>
              <span className="break-all text-xs text-foreground-lighter">Owner {p.owner}</span>
            </div>
            <div role="group" aria-label={`Events of ${p.name}`} className="flex flex-wrap gap-x-5 gap-y-1">
              {PUBLICATION_EVENTS.map((event) => (
                <Toggle
                  key={event}
                  size="tiny"
                  label={EVENT_LABELS[event]}
                  checked={p.events[event]}
                  disabled={lock !== null}
                  title={lock ?? undefined}
                  onCheckedChange={(on) => onChange({ kind: 'events', publication: p.name, events: { ...p.events, [event]: on } })}
                />
              ))}
            </div>
            <p className="text-sm text-foreground-light md:ml-auto">{tablesText(p)}</p>
          </li>
        )
      })}
    </ul>
  )
}
