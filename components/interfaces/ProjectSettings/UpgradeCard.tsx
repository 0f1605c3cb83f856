/**
 * A minor upgrade (Project settings → General): the extensions of the project's database that are
 * older than the versions its server ships, and an Upgrade button behind a confirmation that says
 * what happens (the project is UPGRADING, open sessions are ended). The last upgrade's outcome,
 * or why it failed, stays shown. Upgrading is for roles with `projects:upgrade`.
 */
import { useState } from 'react'
import { ArrowUpCircle } from 'lucide-react'
import type { ProjectDetail } from '@/lib/api-types'
import { Alert, Button, Card, CardContent, CardHeader, Modal, ModalActions, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useCan } from '@/data/profile/use-can'
import { useUpgradeStatusQuery } from '@/data/projects/project-upgrade-query'
import { useProjectUpgradeMutation } from '@/data/projects/project-upgrade-mutation'

export function UpgradeCard({ project }: { project: ProjectDetail }) {
  const status = useUpgradeStatusQuery({ ref: project.ref }, { refetchOnMount: 'always' })
  const upgrade = useProjectUpgradeMutation()
  const canUpgrade = useCan('projects:upgrade', { id: project.organization_id })
  const [confirming, setConfirming] = useState(false)

  const offered = status.data?.available === true
  const action = offered && (
    <Button
      size="tiny"
      type="primary"
      icon={<ArrowUpCircle size={14} aria-hidden />}
      disabled={!canUpgrade || upgrade.isPending}
      title={canUpgrade ? undefined : 'Only an Owner or Admin of the organization can upgrade the project'}
      onClick={() => setConfirming(true)}
    >
      Upgrade
    </Button>
  )

  return (
    <Card data-testid="upgrade-card">
      <CardHeader title="Upgrade" description="Brings the project's extensions to the versions its Postgres server ships." actions={action} />
      <CardContent className="flex flex-col gap-3 text-sm">
        {status.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : status.isError ? (
          <QueryErrorAlert title="Could not read what can be upgraded" error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />
        ) : (
          <>
            {status.data.unavailable_reason ? (
              <p className="text-foreground-light">{status.data.unavailable_reason}</p>
            ) : offered ? (
              <ul className="flex flex-col gap-1" aria-label="Extensions to upgrade">
                {status.data.extensions.map((e) => (
                  <li key={e.name} className="flex flex-wrap gap-x-2">
                    <span className="font-mono text-foreground">{e.name}</span>
                    <span className="text-foreground-light">
                      {e.installed_version} → {e.default_version}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-foreground-light">
                Up to date: every extension is at the version Postgres {status.data.postgres ?? ''} ships.
              </p>
            )}
            {offered && !canUpgrade && <p className="text-foreground-light">Ask an Owner or Admin of the organization to upgrade it.</p>}
            {status.data.last && (
              <Alert variant={status.data.last.ok ? 'info' : 'danger'} title={status.data.last.ok ? 'Last upgrade' : 'The last upgrade failed'} data-testid="last-upgrade">
                {status.data.last.note}
              </Alert>
            )}
          </>
        )}
      </CardContent>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Upgrade the project?"
        description="Its extensions are updated in one step, all or none. The project shows Upgrading meanwhile, and every open connection to its database is ended so it reconnects to the new versions."
        preventBackdropClose={upgrade.isPending}
        footer={
          <ModalActions
            actionLabel="Upgrade now"
            size="tiny"
            onCancel={() => setConfirming(false)}
            onAction={() => upgrade.mutate({ ref: project.ref }, { onSettled: () => setConfirming(false) })}
            busy={upgrade.isPending}
          />
        }
      />
    </Card>
  )
}
