import { useState } from 'react'
import { Input, Modal, ModalActions } from '@/components/ui'
import type { ProjectDetail } from '@/lib/api-types'

/** Deleting cannot be undone: the user types the project's name to confirm. */
export function DeleteProjectModal({
  project,
  open,
  onOpenChange,
  onConfirm,
  deleting,
}: {
  project: Pick<ProjectDetail, 'name' | 'ref' | 'preview_branch_refs'>
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
  deleting: boolean
}) {
  const [typed, setTyped] = useState('')
  const matches = typed.trim() === project.name
  const branches = project.preview_branch_refs.length
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('')
        onOpenChange(next)
      }}
      title={`Delete ${project.name}`}
      description="The project's database and all its data are removed for good. This cannot be undone."
      preventBackdropClose={deleting}
      footer={
        <ModalActions
          actionLabel="Delete project"
          tone="danger"
          onCancel={() => onOpenChange(false)}
          onAction={onConfirm}
          busy={deleting}
          actionDisabled={!matches}
        />
      }
    >
      {branches > 0 && (
        <p className="mb-3 text-sm text-warning">
          Its {branches} preview {branches === 1 ? 'branch is' : 'branches are'} deleted with it.
        </p>
      )}
      <Input
        label={`Type ${project.name} to confirm`}
        name="confirm-project-name"
        value={typed}
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && matches && !deleting) onConfirm()
        }}
      />
    </Modal>
  )
}
