import { useState } from 'react'
import { ArrowRightLeft } from 'lucide-react'
import { Button } from '@/components/ui'
import { useCan } from '@/data/profile/use-can'
import { isTransitionalStatus } from '@/lib/api-types/project-status'
import type { ProjectDetail } from '@/lib/api-types'
import { TransferProjectDialog } from './TransferProjectDialog'

/**
 * "Transfer project" beside the project's other lifecycle actions, for Owners and Admins of its
 * organization (the target is checked in the dialog and by the platform). A preview branch moves
 * only with its parent, and a project in the middle of an operation waits for it to finish.
 */
export function TransferProjectButton({ project }: { project: ProjectDetail }) {
  const [open, setOpen] = useState(false)
  const canTransfer = useCan('projects:transfer', { id: project.organization_id })
  if (!canTransfer || project.parent_project_ref || isTransitionalStatus(project.status) || project.status === 'REMOVED') return null
  return (
    <>
      <Button size="tiny" icon={<ArrowRightLeft size={14} aria-hidden />} title="Move the project to another of your organizations" onClick={() => setOpen(true)}>
        Transfer project
      </Button>
      <TransferProjectDialog project={project} open={open} onOpenChange={setOpen} />
    </>
  )
}
