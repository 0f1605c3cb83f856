/**
 * Database → Publications (/project/{ref}/database/publications): the database's publications
 * with their events and tables; the project's `supabase_realtime` publication decides which tables
 * Realtime streams. Every change shows its SQL first and runs only when the user says so; a
 * failure is one toast, the dialog left open. Read-only members see everything and change nothing.
 */
import { useState } from 'react'
import { Radio } from 'lucide-react'
import { toast } from 'sonner'
import { Alert, Button, EmptyState } from '@/components/ui'
import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { KindTabs } from '@/components/interfaces/DatabaseObjects/KindTabs'
import { LoadingBlock, ReadOnlyNote } from '@/components/interfaces/ProjectFeatures/shared/StateBlocks'
import { useProjectAccess } from '@/components/interfaces/ProjectFeatures/shared/use-project-access'
import { usePublicationChangeMutation } from '@/data/database/publication-change-mutation'
import { usePublicationsQuery } from '@/data/database/publications-query'
import { publicationChangeSql, REALTIME_PUBLICATION, type PublicationChange } from '@/lib/sql/publications'
import { accessLock, changeCopy } from './publication-changes'
import { PublicationList } from './PublicationList'
import { PublicationTables } from './PublicationTables'

export function PublicationsPage({ projectRef }: { projectRef: string }) {
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-foreground">Publications</h1>
        <p className="text-sm text-foreground-light">
          A publication names the tables whose changes PostgreSQL sends out by logical replication, and which events it sends. Tables in the{' '}
          <span className="font-mono">{REALTIME_PUBLICATION}</span> publication stream their changes to Realtime subscribers.
        </p>
      </header>
      <KindTabs projectRef={projectRef} current="publications" />
      <PublicationsContent projectRef={projectRef} />
    </div>
  )
}

function PublicationsContent({ projectRef }: { projectRef: string }) {
  const listing = usePublicationsQuery({ projectRef })
  const access = useProjectAccess(projectRef)
  const mutation = usePublicationChangeMutation()
  const [pending, setPending] = useState<PublicationChange | null>(null)
  const [openName, setOpenName] = useState<string | null>(null)

  if (listing.isPending) return <LoadingBlock label="Loading publications" />
  if (listing.isError)
    return (
      <QueryErrorAlert title="Could not read the project's publications" error={listing.error} onRetry={() => void listing.refetch()} retrying={listing.isFetching} />
    )

  const { publications, tables } = listing.data
  const open = openName === null ? undefined : publications.find((p) => p.name === openName)
  const realtimeMissing = !publications.some((p) => p.name === REALTIME_PUBLICATION)
  const propose = (change: PublicationChange) => {
    mutation.reset()
    setPending(change)
  }
  const close = () => {
    if (!mutation.isPending) setPending(null)
  }
  const run = () => {
    if (!pending) return
    const { success } = changeCopy(pending)
    mutation.mutate({ projectRef, change: pending }, { onSuccess: () => (setPending(null), void toast.success(success)) })
  }
  const copy = pending && changeCopy(pending)

  return (
    <div className="flex flex-col gap-4" aria-busy={mutation.isPending || undefined}>
      {access.readOnly && <ReadOnlyNote what="publications" />}
      {realtimeMissing && (
        <Alert
          variant="warning"
          title={`The ${REALTIME_PUBLICATION} publication is missing`}
          actions={
            <Button
              size="tiny"
              type="primary"
              disabled={!access.canWrite}
              title={accessLock(access) ?? undefined}
              onClick={() => propose({ kind: 'create-realtime' })}
            >
              Create {REALTIME_PUBLICATION}
            </Button>
          }
        >
          Realtime streams the changes of the tables in it. Create it, then add the tables whose changes should stream.
        </Alert>
      )}
      {open ? (
        <PublicationTables projectRef={projectRef} publication={open} tables={tables} access={access} onBack={() => setOpenName(null)} onChange={propose} />
      ) : publications.length === 0 ? (
        <EmptyState icon={<Radio size={24} />} title="No publications" description="This database publishes no changes yet." />
      ) : (
        <PublicationList publications={publications} access={access} onOpen={(p) => setOpenName(p.name)} onChange={propose} />
      )}
      {pending && copy && (
        <SqlReviewDialog
          open
          title={copy.title}
          description={copy.description}
          sql={publicationChangeSql(pending)}
          sqlLabel="SQL that will run"
          running={mutation.isPending}
          runLabel={copy.runLabel}
          danger={copy.danger}
          onRun={run}
          onClose={close}
        />
      )}
    </div>
  )
}
