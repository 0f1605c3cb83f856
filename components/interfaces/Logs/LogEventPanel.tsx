/** The selected event's fields by dotted path (SPEC §3), its metadata flattened. */
import dayjs from 'dayjs'
import { SidePanel } from '@/components/ui'
import type { LogEvent } from '@/lib/api-types'
import { flattenFields, formatFlatValue } from '@/lib/logs/flatten'

export function LogEventPanel({ event, onClose }: { event: LogEvent | null; onClose: () => void }) {
  const fields = event ? flattenFields({ id: event.id, timestamp: event.timestamp, level: event.level, event_message: event.event_message, metadata: event.metadata }) : []
  return (
    <SidePanel open={event !== null} onClose={onClose} title="Event" description={event ? dayjs(event.timestamp).format('DD MMM YYYY, HH:mm:ss (Z)') : undefined}>
      <dl className="flex flex-col gap-3 text-sm">
        {fields.map(([path, value]) => (
          <div key={path} className="flex flex-col gap-0.5">
            <dt className="font-mono text-xs text-foreground-lighter">{path}</dt>
            <dd className="font-mono text-xs break-all whitespace-pre-wrap text-foreground">{formatFlatValue(value)}</dd>
          </div>
        ))}
      </dl>
    </SidePanel>
  )
}
