import type { ReactNode } from 'react'
import { AlertTriangle, Loader2, PauseCircle } from 'lucide-react'
import type { ProjectDetail, ProjectStatus } from '@/lib/api-types'
import { Alert, Button } from '@/components/ui'
import { isTransientStatus, useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectRetryProvisioningMutation } from '@/data/projects/project-retry-provisioning-mutation'
import { useProjectLifecycleMutation, type ProjectLifecycleAction } from '@/data/projects/project-lifecycle-mutation'
import { useCan } from '@/data/profile/use-can'

/** Work under way: what is happening, and what the user can expect. */
const PROGRESS: Partial<Record<ProjectStatus, { title: string; text: (name: string) => string }>> = {
  COMING_UP: { title: 'Setting up your project', text: (name) => `We are creating the database for ${name}.` },
  UNKNOWN: { title: 'Checking your project', text: (name) => `We are finding out how ${name} is doing.` },
  PAUSING: { title: 'Pausing the project', text: (name) => `The database of ${name} is being closed. Your data stays as it is.` },
  RESTORING: { title: 'Restoring the project', text: (name) => `The database of ${name} is being opened again, with all its data.` },
  RESTARTING: { title: 'Restarting the project', text: (name) => `Every connection to the database of ${name} is ended and it starts afresh.` },
  GOING_DOWN: { title: 'Deleting the project', text: (name) => `The database of ${name} and all its data are being removed.` },
  UPGRADING: { title: 'Upgrading the project', text: (name) => `The database of ${name} is being upgraded.` },
  RESIZING: { title: 'Resizing the project', text: (name) => `The database of ${name} is being resized.` },
}

const TITLES: Partial<Record<ProjectStatus, string>> = {
  INIT_FAILED: 'The project could not be set up',
  ACTIVE_UNHEALTHY: "The project's database cannot be reached",
  INACTIVE: 'The project is paused',
  PAUSE_FAILED: 'The project could not be paused',
  RESTORE_FAILED: 'The project could not be restored',
  REMOVED: 'The project has been deleted',
}

const FAILED: ProjectStatus[] = ['INIT_FAILED', 'PAUSE_FAILED', 'RESTORE_FAILED']

const statusTitle = (status: ProjectStatus) => TITLES[status] ?? `The project is ${status.toLowerCase().replace(/_/g, ' ')}`

/** What a project page shows while the database is not serving: work under way, paused, failed, or another state. */
export function ProjectStatusScreen({ project }: { project: ProjectDetail }) {
  const progress = PROGRESS[project.status]
  // A restore from a backup (not from a pause) says which backup is being copied in, as its text.
  const fromBackup = project.status === 'RESTORING' && !!project.status_message
  if (progress || isTransientStatus(project.status))
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center" role="status" aria-live="polite">
        <Loader2 className="animate-spin text-brand" size={28} aria-hidden />
        <h2 className="text-lg font-medium">{progress?.title ?? statusTitle(project.status)}</h2>
        <p className="max-w-sm text-sm text-foreground-light">
          {fromBackup ? project.status_message : (progress?.text(project.name) ?? 'This takes a moment.')} This page updates by itself when it is done.
        </p>
        {project.status_message && !fromBackup && <p className="max-w-sm text-sm text-warning">{project.status_message}</p>}
      </div>
    )
  return <StoppedProject project={project} />
}

function StoppedProject({ project }: { project: ProjectDetail }) {
  const { refetch, isFetching } = useProjectDetailQuery({ ref: project.ref })
  const retry = useProjectRetryProvisioningMutation()
  const lifecycle = useProjectLifecycleMutation()
  const canUpdate = useCan('projects:update', { id: project.organization_id })
  const run = (action: ProjectLifecycleAction) => lifecycle.mutate({ ref: project.ref, action })
  const busy = (action: ProjectLifecycleAction) => lifecycle.isPending && lifecycle.variables?.action === action

  let actions: ReactNode
  switch (project.status) {
    case 'INIT_FAILED':
      actions = canUpdate && (
        <Button size="tiny" loading={retry.isPending} onClick={() => retry.mutate({ ref: project.ref })}>
          Retry set-up
        </Button>
      )
      break
    case 'INACTIVE':
    case 'RESTORE_FAILED':
      actions = canUpdate && (
        <Button size="tiny" type="primary" loading={busy('restore')} onClick={() => run('restore')}>
          {project.status === 'INACTIVE' ? 'Restore project' : 'Retry restore'}
        </Button>
      )
      break
    case 'PAUSE_FAILED':
      actions = canUpdate && (
        <>
          <Button size="tiny" loading={busy('pause')} onClick={() => run('pause')}>
            Retry pause
          </Button>
          <Button size="tiny" type="primary" loading={busy('restore')} onClick={() => run('restore')}>
            Restore project
          </Button>
        </>
      )
      break
    case 'REMOVED':
      actions = null
      break
    default:
      actions = (
        <Button size="tiny" loading={isFetching} onClick={() => void refetch()}>
          Check again
        </Button>
      )
  }

  const paused = project.status === 'INACTIVE'
  const fallback = paused
    ? 'Its database is closed and does not serve requests. Restoring it brings it back with all its data.'
    : 'Its database is not serving requests right now.'
  return (
    <div className="mx-auto mt-16 w-full max-w-lg px-4" data-testid="project-status-screen" data-status={project.status}>
      <Alert
        variant={FAILED.includes(project.status) ? 'danger' : paused ? 'info' : 'warning'}
        icon={paused ? <PauseCircle size={16} /> : <AlertTriangle size={16} />}
        title={statusTitle(project.status)}
        actions={actions}
      >
        <p>{project.status_message ?? fallback}</p>
        {paused && !canUpdate && <p className="mt-1">Ask an Owner or Admin of the organization to restore it.</p>}
      </Alert>
    </div>
  )
}
