/** The events of the range, newest first: timestamp, level and message; a row opens its fields. Paged ("Load older"). */
import dayjs from 'dayjs'
import { Badge, Button } from '@/components/ui'
import type { LogEvent } from '@/lib/api-types'
import { LEVEL_BADGES } from './logs.utils'

export type LogsTableProps = {
  events: LogEvent[]
  onSelect: (event: LogEvent) => void
  selectedId: string | undefined
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
}

export function LogsTable({ events, onSelect, selectedId, hasMore, loadingMore, onLoadMore }: LogsTableProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-x-auto rounded-md border border-border">
        <table className="w-full min-w-[36rem] table-fixed text-left text-sm">
          <caption className="sr-only">Log events, newest first. Choose one to see its fields.</caption>
          <thead className="bg-surface-raised text-xs text-foreground-lighter">
            <tr>
              <th scope="col" className="w-48 px-3 py-2 font-medium">Timestamp</th>
              <th scope="col" className="w-24 px-3 py-2 font-medium">Level</th>
              <th scope="col" className="px-3 py-2 font-medium">Message</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} className={selectedId === event.id ? 'bg-surface-raised' : 'hover:bg-surface-raised'} aria-selected={selectedId === event.id}>
                <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap text-foreground-light">{dayjs(event.timestamp).format('DD MMM YYYY, HH:mm:ss')}</td>
                <td className="px-3 py-1.5">
                  <Badge variant={LEVEL_BADGES[event.level]}>{event.level}</Badge>
                </td>
                <td className="px-3 py-1.5">
                  <button
                    type="button"
                    onClick={() => onSelect(event)}
                    className="block w-full truncate text-left font-mono text-xs text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
                  >
                    {event.event_message}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasMore && (
        <Button type="text" size="tiny" onClick={onLoadMore} loading={loadingMore} className="self-center">
          Load older events
        </Button>
      )}
    </div>
  )
}
