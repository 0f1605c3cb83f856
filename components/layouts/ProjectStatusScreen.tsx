import type { ReactNode } from 'react'
import { AlertTriangle, Loader2, PauseCircle } from 'lucide-react'
import type { ProjectDetail, ProjectStatus } from '@/lib/api-types'
import { Alert, Button } from '@/components/ui'
import { isTransientStatus, useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectRetryProvisioningMutation } from '@/data/projects/project-retry-provisioning-mutation'
import { useProjectLifecycleMutation, type ProjectLifecycleAction } from '@/data/projects/project-lifecycle-mutation'
import { useCan } from '@/data/profile/use-can'
import { STATUS_SCREENS } from './project-status-screens'

const FAILED: ProjectStatus[] = ['INIT_FAILED', 'PAUSE_FAILED', 'RESTORE_FAILED']

/** What a project page shows while the database is not serving: work under way, paused, failed, or another state. */
export function ProjectStatusScreen({ project }: { project: ProjectDetail }) {
  const screen = STATUS_SCREENS[project.status]
  // A restore from a backup (not from a pause) says which backup is being copied in, and a resize
  // which size it moves to: as its text.
  const fromBackup = (project.status === 'RESTORING' || project.status === 'RESIZING') && !!project.status_message
  if (isTransientStatus(project.status))
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center" role="status" aria-live="polite">
        <Loader2 className="animate-spin text-brand" size={28} aria-hidden />
        <h2 className="text-lg font-medium">{screen.title}</h2>
        <p className="max-w-sm text-sm text-foreground-light">
          {fromBackup ? project.status_message : screen.text(project.name)} This page updates by itself when it is done.
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
  const { title, text } = STATUS_SCREENS[project.status]
  return (
    <div className="mx-auto mt-16 w-full max-w-lg px-4" data-testid="project-status-screen" data-status={project.status}>
      <Alert
        variant={FAILED.includes(project.status) ? 'danger' : paused ? 'info' : 'warning'}
        icon={paused ? <PauseCircle size={16} /> : <AlertTriangle size={16} />}
        title={title}
        actions={actions}
      >
        <p>{project.status_message ?? text(project.name)}</p>
        {paused && !canUpdate && <p className="mt-1">Ask an Owner or Admin of the organization to restore it.</p>}
      </Alert>
    </div>
  )
}
