/**
 * Choose another compute size: every size as a radio row (the ones the plan does not allow are
 * disabled, with the reason below), then a confirm dialog saying what happens before the resize.
 */
import { useState } from 'react'
import clsx from 'clsx'
import Link from 'next/link'
import { Alert, Button, Modal, ModalActions } from '@/components/ui'
import { useProjectResizeMutation } from '@/data/compute/project-resize-mutation'
import type { ProjectCompute, PlanId } from '@/lib/api-types'
import { COMPUTE_SIZE_IDS, COMPUTE_SIZES, computeSizeRefusal, type ComputeSizeId } from '@/lib/compute-sizes'
import { computePriceText, computeSpecText, resizeConsequences } from './compute-settings.utils'

export function ComputeSizePicker({
  compute,
  plan,
  creditsMonthly,
  organizationSlug,
  canResize,
}: {
  compute: ProjectCompute
  plan: PlanId
  creditsMonthly: number
  organizationSlug: string
  canResize: boolean
}) {
  const [chosen, setChosen] = useState<ComputeSizeId>(compute.size)
  const [confirming, setConfirming] = useState(false)
  const resize = useProjectResizeMutation({ onSuccess: () => setConfirming(false) })
  const unchanged = chosen === compute.size && compute.applied
  const busy = compute.status === 'RESIZING'
  const onlyOne = compute.available.length === 1

  return (
    <div className="flex flex-col gap-4">
      <fieldset disabled={!canResize || busy} className="flex flex-col gap-2" aria-label="Compute sizes">
        {COMPUTE_SIZE_IDS.map((id) => {
          const allowed = compute.available.includes(id)
          return (
            <label
              key={id}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5',
                (!allowed || !canResize) && 'cursor-not-allowed opacity-60'
              )}
            >
              <input type="radio" name="compute-size" value={id} checked={chosen === id} disabled={!allowed} onChange={() => setChosen(id)} className="mt-1 accent-brand" />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm font-medium text-foreground">
                    {COMPUTE_SIZES[id].name}
                    {id === compute.size && <span className="ml-2 text-xs font-normal text-foreground-light">Current</span>}
                  </span>
                  <span className="text-xs text-foreground-light">{computeSpecText(id)}</span>
                </span>
                <span className="shrink-0 text-xs text-foreground-light sm:text-right">{computePriceText(id, plan, creditsMonthly)}</span>
              </span>
            </label>
          )
        })}
      </fieldset>
      {onlyOne && plan === 'free' && (
        <Alert
          title="Larger sizes need a paid plan"
          actions={
            <Link href={`/org/${organizationSlug}/billing`} className="text-sm font-medium underline underline-offset-2">
              Upgrade the plan
            </Link>
          }
        >
          {computeSizeRefusal('free', 'small')?.replace(' to choose Small', ' to choose a larger size')}
        </Alert>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!canResize && <p className="text-sm text-foreground-light">Only Owners and Admins of the organization can change the compute size.</p>}
        <Button type="primary" disabled={!canResize || busy || unchanged} onClick={() => setConfirming(true)}>
          {compute.applied || chosen !== compute.size ? `Change to ${COMPUTE_SIZES[chosen].name}` : `Apply ${COMPUTE_SIZES[chosen].name}`}
        </Button>
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Resize to ${COMPUTE_SIZES[chosen].name}?`}
        preventBackdropClose={resize.isPending}
        footer={
          <ModalActions
            actionLabel="Resize and restart connections"
            onCancel={() => setConfirming(false)}
            onAction={() => resize.mutate({ projectRef: compute.ref, size: chosen })}
            busy={resize.isPending}
          />
        }
      >
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-foreground-light">
          {resizeConsequences(compute.size, chosen).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>{computePriceText(chosen, plan, creditsMonthly)}.</li>
        </ul>
      </Modal>
    </div>
  )
}
