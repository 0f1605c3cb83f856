import { useState } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Alert, Modal, ModalActions, Select, Spinner } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/profile/permissions-query'
import { useProjectTransferMutation } from '@/data/projects/project-transfer-mutation'
import { useProjectTransferPreviewQuery, type ProjectTransferPreviewData } from '@/data/projects/project-transfer-preview-query'
import { permits } from '@/lib/api-types/permissions'
import { PLAN_NAMES } from '@/lib/api-types/plans'
import type { ProjectDetail } from '@/lib/api-types'

type Member = ProjectTransferPreviewData['members_losing_access'][number]

function MemberList({ label, members, empty }: { label: string; members: Member[]; empty: string }) {
  return (
    <section className="space-y-1">
      <h4 className="text-sm font-medium text-foreground">{label}</h4>
      {members.length === 0 ? (
        <p className="text-sm text-foreground-light">{empty}</p>
      ) : (
        <ul aria-label={label} className="space-y-0.5 text-sm text-foreground-light">
          {members.map((m) => (
            <li key={m.email} className="break-all">
              {m.email} <span className="text-foreground-lighter">({m.role})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** What the move would change, as the platform previewed it. */
function TransferPreviewDetails({ preview }: { preview: ProjectTransferPreviewData }) {
  const { plan, branches, target_organization: target, source_organization: source } = preview
  return (
    <div className="space-y-4" aria-label="What changes" role="region">
      {preview.refusals.map((r) => (
        <Alert key={r.message} variant="danger" title="This project cannot be transferred now">
          {r.message}
        </Alert>
      ))}
      {preview.warnings.map((w) => (
        <Alert key={w} variant="warning">
          {w}
        </Alert>
      ))}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-foreground-light">Plan</dt>
        <dd>{plan.from === plan.to ? `${PLAN_NAMES[plan.to]} (unchanged)` : `${PLAN_NAMES[plan.from]} → ${PLAN_NAMES[plan.to]}`}</dd>
        <dt className="text-foreground-light">Preview branches</dt>
        <dd className="break-all">{branches.length === 0 ? 'None' : `${branches.map((b) => b.name).join(', ')} (move with it)`}</dd>
        <dt className="text-foreground-light">Usage</dt>
        <dd>Usage recorded so far stays on {source.name}&apos;s bill; from now on it counts for {target.name}.</dd>
      </dl>
      <MemberList label={`Lose access (members of ${source.name} only)`} members={preview.members_losing_access} empty="Nobody loses access." />
      <MemberList label={`Gain access (members of ${target.name} only)`} members={preview.members_gaining_access} empty="Nobody new gains access." />
    </div>
  )
}

/**
 * Transfer a project to another organization: only organizations where the member may transfer
 * are offered; the platform's preview says what changes; after the move the dashboard goes to
 * the project's new organization.
 */
export function TransferProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Pick<ProjectDetail, 'ref' | 'name' | 'organization_id'>
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const router = useRouter()
  const [targetSlug, setTargetSlug] = useState('')
  const organizations = useOrganizationsQuery({ enabled: open })
  const permissions = usePermissionsQuery({ enabled: open })
  const candidates = (organizations.data ?? []).filter(
    (o) => o.id !== project.organization_id && permits(permissions.data, { id: o.id }, 'projects:transfer')
  )
  const preview = useProjectTransferPreviewQuery({ ref: project.ref, targetSlug }, { enabled: open })
  const transfer = useProjectTransferMutation({
    onSuccess: async (answer) => {
      const target = candidates.find((o) => o.slug === answer.target_organization_slug)
      toast.success(`${project.name} now belongs to ${target?.name ?? answer.target_organization_slug}.`)
      close(false)
      await router.push(`/org/${answer.target_organization_slug}`)
    },
  })

  function close(next: boolean) {
    if (!next) setTargetSlug('')
    onOpenChange(next)
  }

  const loadingChoices = organizations.isPending || permissions.isPending
  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="large"
      title={`Transfer ${project.name}`}
      description="Move the project, with its preview branches, to another organization where you are an Owner or Admin."
      preventBackdropClose={transfer.isPending}
      footer={
        <ModalActions
          actionLabel="Transfer project"
          tone="danger"
          onCancel={() => close(false)}
          onAction={() => transfer.mutate({ ref: project.ref, targetSlug })}
          busy={transfer.isPending}
          actionDisabled={!preview.data?.can_transfer}
        />
      }
    >
      <div className="space-y-4">
        {loadingChoices ? (
          <Spinner label="Loading your organizations" />
        ) : organizations.error ? (
          <QueryErrorAlert title="Could not load your organizations" error={organizations.error} onRetry={() => void organizations.refetch()} />
        ) : candidates.length === 0 ? (
          <Alert variant="info" title="No organization to transfer to">
            You are not an Owner or Admin of any other organization. Create one, or ask to be made an Admin of one, first.
          </Alert>
        ) : (
          <Select
            label="Target organization"
            value={targetSlug}
            onChange={(e) => setTargetSlug(e.target.value)}
            options={[{ value: '', label: 'Choose an organization', disabled: true }, ...candidates.map((o) => ({ value: o.slug, label: o.name }))]}
          />
        )}
        {targetSlug && preview.isPending && <Spinner label="Previewing the transfer" />}
        {preview.error && (
          <QueryErrorAlert title="Could not preview the transfer" error={preview.error} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
        )}
        {preview.data && <TransferPreviewDetails preview={preview.data} />}
      </div>
    </Modal>
  )
}
