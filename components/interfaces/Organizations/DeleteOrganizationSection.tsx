import { useState } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input, Modal, ModalActions } from '@/components/ui'
import { useOrganizationDeleteMutation } from '@/data/organizations/organization-delete-mutation'
import { useCan } from '@/data/profile/use-can'
import type { Organization } from '@/lib/api-types'

/**
 * Deleting an organization, for Owners only. The platform refuses while projects remain; the
 * modal says so up front and asks for the organization's name to be typed.
 */
export function DeleteOrganizationSection({ org, projectCount }: { org: Organization; projectCount: number | undefined }) {
  const canDelete = useCan('organizations:delete', org)
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const remove = useOrganizationDeleteMutation({
    onSuccess: async () => {
      setOpen(false)
      await router.push('/projects')
      toast.success(`${org.name} was deleted`)
    },
  })
  if (!canDelete) return null
  const hasProjects = (projectCount ?? 0) > 0
  const matches = typed.trim() === org.name
  const close = (next: boolean) => {
    if (!next) setTyped('')
    setOpen(next)
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader title="Delete organization" description="Removes the organization, its members and its pending invitations for good." />
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-foreground-light">
          {hasProjects
            ? `It still has ${projectCount} ${projectCount === 1 ? 'project' : 'projects'}: delete ${projectCount === 1 ? 'it' : 'them'} first.`
            : 'This cannot be undone.'}
        </p>
        <Button type="danger" disabled={hasProjects} onClick={() => setOpen(true)}>
          Delete organization
        </Button>
      </CardContent>
      <Modal
        open={open}
        onOpenChange={close}
        title={`Delete ${org.name}`}
        description="The organization, its members and its pending invitations are removed. This cannot be undone."
        preventBackdropClose={remove.isPending}
        footer={
          <ModalActions
            actionLabel="Delete organization"
            tone="danger"
            onCancel={() => close(false)}
            onAction={() => remove.mutate({ slug: org.slug })}
            busy={remove.isPending}
            actionDisabled={!matches}
          />
        }
      >
        <Input
          label={`Type ${org.name} to confirm`}
          name="confirm-organization-name"
          value={typed}
          autoComplete="off"
          autoFocus
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && matches && !remove.isPending) remove.mutate({ slug: org.slug })
          }}
        />
      </Modal>
    </Card>
  )
}
