import { useState } from 'react'
import dayjs from 'dayjs'
import Image from 'next/image'
import { FolderGit2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button, EmptyState, Modal, ModalActions, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useGithubConnectionsQuery } from '@/data/integrations/github-connections-query'
import { useGithubConnectionDeleteMutation } from '@/data/integrations/github-connection-delete-mutation'
import type { GithubConnection } from '@/lib/api-types'

/** The GitHub accounts connected to the organization; Owners and Admins may disconnect them. */
export function GitHubConnectionsList({ slug, canManage }: { slug: string; canManage: boolean }) {
  const connections = useGithubConnectionsQuery({ slug })
  const [pending, setPending] = useState<GithubConnection | null>(null)
  const disconnect = useGithubConnectionDeleteMutation({
    onSuccess: () => {
      if (pending) toast.success(`@${pending.github_login} was disconnected`)
      setPending(null)
    },
  })

  if (connections.error)
    return <QueryErrorAlert title="Could not load the GitHub connections" error={connections.error} onRetry={() => void connections.refetch()} retrying={connections.isFetching} />
  if (!connections.data)
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading the GitHub connections">
        <Skeleton className="h-10" />
      </div>
    )
  if (connections.data.length === 0)
    return <EmptyState icon={<FolderGit2 size={20} />} title="No GitHub account connected" description={canManage ? 'Connect one to link repositories with this organization.' : 'An Owner or Admin can connect one.'} />

  return (
    <>
      <ul className="divide-y divide-border rounded-md border border-border" aria-label="Connected GitHub accounts">
        {connections.data.map((connection) => (
          <li key={connection.id} className="flex items-center justify-between gap-3 px-4 py-3">
            <div className="flex min-w-0 items-center gap-3">
              {connection.github_avatar_url ? (
                <Image unoptimized src={connection.github_avatar_url} alt="" width={28} height={28} className="h-7 w-7 rounded-full" />
              ) : (
                <FolderGit2 size={20} aria-hidden className="text-foreground-light" />
              )}
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-foreground">@{connection.github_login}</p>
                <p className="truncate text-xs text-foreground-light">
                  Connected {dayjs(connection.updated_at).format('DD MMM YYYY')}
                  {connection.connected_by ? ` by ${connection.connected_by}` : ''}
                </p>
              </div>
            </div>
            {canManage && (
              <Button size="tiny" onClick={() => setPending(connection)}>
                Disconnect
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Modal
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Disconnect @${pending?.github_login ?? ''}`}
        description="The organization forgets this GitHub account and its access. The app stays installed on GitHub until you uninstall it there."
        preventBackdropClose={disconnect.isPending}
        footer={
          <ModalActions
            actionLabel="Disconnect"
            tone="danger"
            onCancel={() => setPending(null)}
            onAction={() => pending && disconnect.mutate({ slug, id: pending.id })}
            busy={disconnect.isPending}
          />
        }
      />
    </>
  )
}
