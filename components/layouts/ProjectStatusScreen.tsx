import { AlertTriangle, Loader2 } from 'lucide-react'
import type { ProjectDetail } from '@/lib/api-types'
import { Alert, Button } from '@/components/ui'
import { isTransientStatus, useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectRetryProvisioningMutation } from '@/data/projects/project-retry-provisioning-mutation'
import { useCan } from '@/data/profile/use-can'

const TITLES: Partial<Record<ProjectDetail['status'], string>> = {
  INIT_FAILED: 'The project could not be set up',
  ACTIVE_UNHEALTHY: "The project's database cannot be reached",
  INACTIVE: 'The project is paused',
}

const statusTitle = (status: ProjectDetail['status']) =>
  TITLES[status] ?? `The project is ${status.toLowerCase().replace(/_/g, ' ')}`

/** What a project page shows while the database is not serving: setting up, failed, or another state. */
export function ProjectStatusScreen({ project }: { project: ProjectDetail }) {
  const { refetch, isFetching } = useProjectDetailQuery({ ref: project.ref })
  const retry = useProjectRetryProvisioningMutation()
  const canRetry = useCan('projects:update', { id: project.organization_id })
  if (isTransientStatus(project.status))
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center" role="status" aria-live="polite">
        <Loader2 className="animate-spin text-brand" size={28} aria-hidden />
        <h2 className="text-lg font-medium">Setting up your project</h2>
        <p className="max-w-sm text-sm text-foreground-light">
          We are creating the database for <strong>{project.name}</strong>. This page updates by itself when it is ready.
        </p>
        {project.status_message && <p className="max-w-sm text-sm text-warning">{project.status_message}</p>}
      </div>
    )
  return (
    <div className="mx-auto mt-16 w-full max-w-lg px-4">
      <Alert
        variant={project.status === 'INIT_FAILED' ? 'danger' : 'warning'}
        icon={<AlertTriangle size={16} />}
        title={statusTitle(project.status)}
        actions={
          project.status === 'INIT_FAILED' ? (
            canRetry && (
              <Button size="tiny" loading={retry.isPending} onClick={() => retry.mutate({ ref: project.ref })}>
                Retry set-up
              </Button>
            )
          ) : (
            <Button size="tiny" loading={isFetching} onClick={() => void refetch()}>
              Check again
            </Button>
          )
        }
      >
        {project.status_message ?? 'Its database is not serving requests right now.'}
      </Alert>
    </div>
  )
}
