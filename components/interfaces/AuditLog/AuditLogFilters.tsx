import { Input } from '@/components/ui'
import type { AuditRange } from './audit-range'

/**
 * The two days bounding the entries shown, both included. The form only edits the range; the
 * page decides when it is valid enough to ask for (`problem` marks the field at fault).
 */
export function AuditLogFilters({
  range,
  problem,
  onChange,
}: {
  range: AuditRange
  problem: { field: 'start' | 'end'; message: string } | null
  onChange: (range: AuditRange) => void
}) {
  return (
    <form role="search" aria-label="Audit log dates" className="flex flex-wrap items-start gap-3" onSubmit={(event) => event.preventDefault()}>
      <Input
        type="date"
        label="From"
        containerClassName="w-44"
        value={range.start}
        max={range.end || undefined}
        error={problem?.field === 'start' ? problem.message : undefined}
        onChange={(event) => onChange({ ...range, start: event.target.value })}
      />
      <Input
        type="date"
        label="To"
        containerClassName="w-44"
        value={range.end}
        min={range.start || undefined}
        error={problem?.field === 'end' ? problem.message : undefined}
        onChange={(event) => onChange({ ...range, end: event.target.value })}
      />
    </form>
  )
}
