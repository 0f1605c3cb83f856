/**
 * The inspector's stream: newest first, each message a line (its kind, when, a summary) that opens
 * to its payload; Pause holds what arrives (counted) until Resume, Clear empties the list.
 */
import { Pause, Play, Radio, Trash2 } from 'lucide-react'
import { Badge, Button, Card, CardContent, CardHeader, EmptyState, type BadgeVariant } from '@/components/ui'
import type { InspectorLog, InspectorMessageKind } from '@/lib/realtime/inspector-log'

const KIND: Record<InspectorMessageKind, { label: string; variant: BadgeVariant }> = {
  broadcast: { label: 'Broadcast', variant: 'brand' },
  presence: { label: 'Presence', variant: 'outline' },
  postgres_changes: { label: 'Database', variant: 'default' },
  system: { label: 'System', variant: 'warning' },
}

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })

export function InspectorMessages({ log, joined, onPause, onResume, onClear }: { log: InspectorLog; joined: boolean; onPause(): void; onResume(): void; onClear(): void }) {
  return (
    <Card>
      <CardHeader
        title="Messages"
        description={log.paused ? `Paused: ${log.held.length} ${log.held.length === 1 ? 'message' : 'messages'} held.` : 'As they arrive, newest first.'}
        actions={
          <>
            {log.paused ? (
              <Button type="default" icon={<Play size={14} aria-hidden />} onClick={onResume}>
                Resume
              </Button>
            ) : (
              <Button type="default" icon={<Pause size={14} aria-hidden />} onClick={onPause} disabled={!joined}>
                Pause
              </Button>
            )}
            <Button type="text" icon={<Trash2 size={14} aria-hidden />} onClick={onClear} disabled={log.shown.length === 0 && log.held.length === 0}>
              Clear
            </Button>
          </>
        }
      />
      <CardContent>
        {log.shown.length === 0 ? (
          <EmptyState
            icon={<Radio size={20} />}
            title={joined ? 'No messages yet' : 'Not listening'}
            description={
              joined
                ? 'Send a broadcast below, or change a row of a published table (from the SQL editor, say): it shows here.'
                : 'Join a channel to see its broadcasts, presence and database changes live.'
            }
          />
        ) : (
          <ol className="flex flex-col divide-y divide-border" aria-label="Realtime messages">
            {log.shown.map((message) => (
              <li key={message.id}>
                <details className="group py-2">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <Badge variant={KIND[message.kind].variant}>{KIND[message.kind].label}</Badge>
                    <time className="font-mono text-xs text-foreground-lighter" dateTime={new Date(message.at).toISOString()}>
                      {time(message.at)}
                    </time>
                    <span className="min-w-0 break-words text-foreground">{message.summary}</span>
                  </summary>
                  <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-surface-raised p-3 font-mono text-xs text-foreground-light">{JSON.stringify(message.payload, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
