import { useState } from 'react'
import dayjs from 'dayjs'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Badge, Button, Card, CardContent, CardHeader, EmptyState, Modal, ModalActions, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useMyTelemetryQuery } from '@/data/telemetry/my-telemetry-query'
import { useMyTelemetryDeleteMutation } from '@/data/telemetry/my-telemetry-delete-mutation'
import type { TelemetryRecord } from '@/lib/api-types'
import { summarizeRecord } from './telemetry-record.utils'

/** What was recorded about the signed-in user, newest first, page by page; and deleting all of it. */
export function TelemetryDataCard() {
  const query = useMyTelemetryQuery()
  const [confirming, setConfirming] = useState(false)
  const records = query.data?.pages.flatMap((page) => page.data) ?? []

  return (
    <Card>
      <CardHeader
        title="Recorded about you"
        description="Newest first. Rows older than the retention period are deleted on their own."
        actions={
          <Button type="danger" size="tiny" icon={<Trash2 size={14} aria-hidden />} disabled={records.length === 0} onClick={() => setConfirming(true)}>
            Delete all
          </Button>
        }
      />
      <CardContent aria-busy={query.isPending}>
        {query.isPending ? (
          <div className="flex flex-col gap-3" data-testid="telemetry-loading">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-2/3" />
          </div>
        ) : query.isError ? (
          <QueryErrorAlert title="Your telemetry data could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : records.length === 0 ? (
          <EmptyState title="Nothing is recorded about you" description="Page views and feature use appear here once telemetry is on." />
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="divide-y divide-border" aria-label="Recorded telemetry">
              {records.map((record) => (
                <RecordRow key={record.id} record={record} />
              ))}
            </ul>
            {query.hasNextPage && (
              <Button className="self-center" size="tiny" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Load older
              </Button>
            )}
          </div>
        )}
      </CardContent>
      <DeleteAllModal open={confirming} onClose={() => setConfirming(false)} />
    </Card>
  )
}

function RecordRow({ record }: { record: TelemetryRecord }) {
  const { title, detail } = summarizeRecord(record)
  return (
    <li className="flex flex-col gap-1 py-2.5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-foreground">{title}</span>
        {detail && <span className="min-w-0 truncate font-mono text-xs text-foreground-light">{detail}</span>}
        <Badge variant="outline" className="ml-auto">
          {record.kind.replace('_', ' ')}
        </Badge>
        <time dateTime={record.created_at} className="text-xs text-foreground-lighter">
          {dayjs(record.created_at).format('DD MMM YYYY, HH:mm:ss')}
        </time>
      </div>
      <details className="text-xs text-foreground-light">
        <summary className="cursor-pointer select-none">What was recorded</summary>
        <pre className="mt-1 max-h-60 overflow-auto rounded-md border border-border bg-surface-raised p-2 font-mono break-words whitespace-pre-wrap">
          {JSON.stringify(record.properties, null, 2)}
        </pre>
      </details>
    </li>
  )
}

function DeleteAllModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useMyTelemetryDeleteMutation({
    onSuccess: ({ deleted }) => {
      toast.success(deleted === 1 ? 'Deleted 1 row of telemetry data' : `Deleted ${deleted} rows of telemetry data`)
      onClose()
    },
  })
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      preventBackdropClose={remove.isPending}
      title="Delete all your telemetry data?"
      description="Everything recorded about you is deleted for good, and this browser is no longer linked to your account. What your choice allows is recorded again from now on."
      footer={<ModalActions actionLabel="Delete all" tone="danger" onCancel={onClose} onAction={() => remove.mutate()} busy={remove.isPending} />}
    />
  )
}
