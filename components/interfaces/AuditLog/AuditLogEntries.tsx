import type { AuditEntry } from '@/lib/api-types'
import { auditActor, describeAuditEntry, describeAuditTarget, formatAuditTime } from './audit-description'

/** The entries, newest first as the platform answers them: who did what, when, to what. */
export function AuditLogEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol aria-label="Audit log entries" className="divide-y divide-border">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-baseline sm:gap-4">
          <time dateTime={entry.occurred_at} className="shrink-0 text-xs text-foreground-lighter tabular-nums sm:w-60">
            {formatAuditTime(entry.occurred_at)}
          </time>
          <div className="min-w-0 flex-1">
            <p className="text-sm break-words">
              <span className="font-medium">{auditActor(entry)}</span> {describeAuditEntry(entry)}
            </p>
            <p className="truncate text-xs text-foreground-light">{describeAuditTarget(entry)}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
