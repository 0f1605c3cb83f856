import { useState } from 'react'
import { useRouter } from 'next/router'
import { Pause, RotateCw, Trash2 } from 'lucide-react'
import { canTransition } from '@/lib/api-types/project-status'
import type { ProjectDetail } from '@/lib/api-types'
import { Button } from '@/components/ui'
import { useCan } from '@/data/profile/use-can'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { useProjectLifecycleMutation } from '@/data/projects/project-lifecycle-mutation'
import { TransferProjectButton } from '@/components/interfaces/ProjectTransfer/TransferProjectButton'
import { DeleteProjectModal } from './DeleteProjectModal'

/**
 * Pause, Restart and Delete on the project's home, for roles the policy allows (the platform
 * refuses the others anyway) and only where the status allows them. Not offered self-hosted:
 * the one project is the whole installation.
 */
export function ProjectLifecycleControls({ project }: { project: ProjectDetail }) {
  const router = useRouter()
  const isPlatform = useIsPlatform()
  const organization = { id: project.organization_id }
  const canUpdate = useCan('projects:update', organization)
  const canDelete = useCan('projects:delete', organization)
  const lifecycle = useProjectLifecycleMutation()
  const [confirmDelete, setConfirmDelete] = useState(false)
  if (!isPlatform || (!canUpdate && !canDelete)) return null

  const busy = (action: 'pause' | 'restart' | 'delete') => lifecycle.isPending && lifecycle.variables?.action === action
  return (
    <div className="flex flex-wrap gap-2" aria-label="Project actions" role="group">
      {canUpdate && canTransition('pause', project.status) && (
        <Button
          size="tiny"
          icon={<Pause size={14} aria-hidden />}
          loading={busy('pause')}
          disabled={lifecycle.isPending}
          title="Close the database; restore it later with all its data"
          onClick={() => lifecycle.mutate({ ref: project.ref, action: 'pause' })}
        >
          Pause project
        </Button>
      )}
      {canUpdate && canTransition('restart', project.status) && (
        <Button
          size="tiny"
          icon={<RotateCw size={14} aria-hidden />}
          loading={busy('restart')}
          disabled={lifecycle.isPending}
          title="End every connection and start the database afresh"
          onClick={() => lifecycle.mutate({ ref: project.ref, action: 'restart' })}
        >
          Restart project
        </Button>
      )}
      <TransferProjectButton project={project} />
      {canDelete && canTransition('delete', project.status) && (
        <Button size="tiny" type="danger" icon={<Trash2 size={14} aria-hidden />} disabled={lifecycle.isPending} onClick={() => setConfirmDelete(true)}>
          Delete project
        </Button>
      )}
      <DeleteProjectModal
        project={project}
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        deleting={busy('delete')}
        onConfirm={() =>
          lifecycle.mutate(
            { ref: project.ref, action: 'delete' },
            {
              onSuccess: () => {
                setConfirmDelete(false)
                void router.push('/projects')
              },
            }
          )
        }
      />
    </div>
  )
}
