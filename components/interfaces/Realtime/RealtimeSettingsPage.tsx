/**
 * Realtime → Settings (/project/{ref}/realtime/settings): where applications connect, the plan's
 * limits in force, the project's sockets now, and whether database changes stream (the server's
 * wal_level, the tables in supabase_realtime). Every member reads it.
 */
import Link from 'next/link'
import { Alert, buttonClasses, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ValueField } from '@/components/interfaces/ApiSettings/ValueField'
import { useRealtimeSettingsQuery } from '@/data/realtime/realtime-settings-query'
import { formatBytes } from '@/lib/format-bytes'

function Fact({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-foreground-light">{label}</dt>
      <dd className="text-sm font-medium text-foreground">{value}</dd>
      {note && <dd className="text-xs text-foreground-lighter">{note}</dd>}
    </div>
  )
}

export function RealtimeSettingsPage({ projectRef }: { projectRef: string }) {
  const settings = useRealtimeSettingsQuery({ projectRef })
  return (
    <FeaturePage
      title="Realtime settings"
      description="Where applications connect, the limits the project's plan sets, and what streams."
      actions={
        <Link href={`/project/${projectRef}/realtime/inspector`} className={buttonClasses({ type: 'default' })}>
          Open the inspector
        </Link>
      }
    >
      {settings.isPending ? (
        <div className="flex flex-col gap-4" aria-label="Loading the realtime settings">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : settings.isError ? (
        <QueryErrorAlert title="Could not load the realtime settings" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader title="Connecting" description="supabase-js opens this socket itself from the project URL and its anon key." />
            <CardContent className="flex flex-col gap-4">
              <ValueField label="Project URL" value={settings.data.url} copyLabel="Copy the project URL" />
              <ValueField label="WebSocket" value={settings.data.websocket_url} copyLabel="Copy the WebSocket URL" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Limits in force" description="Set by the organization's plan." />
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Fact
                  label="Connections at once"
                  value={settings.data.max_connections === null ? 'No limit' : settings.data.max_connections.toLocaleString()}
                  note={settings.data.max_connections === null ? 'Billed by the peak.' : 'More are refused with a reason.'}
                />
                <Fact label="Largest message" value={formatBytes(settings.data.max_message_bytes)} note="A larger one is refused, with the reason." />
                <Fact label="Connected now" value={settings.data.connections.toLocaleString()} note="Sockets of this app copy." />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Database changes" description="Rows changed in the tables of the supabase_realtime publication stream to channels that listen, as RLS lets each subscriber see them." />
            <CardContent className="flex flex-col gap-3">
              {!settings.data.changes_available && (
                <Alert variant="warning" title="Changes do not stream from this server">
                  Its wal_level is below logical: set wal_level = logical on the server and restart it.
                </Alert>
              )}
              <p className="text-sm text-foreground">
                {settings.data.published_tables === null
                  ? 'The project has no supabase_realtime publication yet.'
                  : settings.data.published_tables === 0
                    ? 'No table is published yet: add the tables whose changes should stream.'
                    : `${settings.data.published_tables} ${settings.data.published_tables === 1 ? 'table is' : 'tables are'} published.`}
              </p>
              <div>
                <Link href={`/project/${projectRef}/database/publications`} className={buttonClasses({ type: 'default' })}>
                  Manage publications
                </Link>
              </div>
            </CardContent>
          </Card>
        </div>
      )}
    </FeaturePage>
  )
}
