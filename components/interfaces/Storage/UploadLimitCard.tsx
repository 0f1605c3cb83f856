import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input, Select, Skeleton, Toggle } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useStorageSettingsQuery } from '@/data/storage/storage-settings-query'
import { useStorageSettingsUpdateMutation } from '@/data/storage/storage-settings-update-mutation'
import type { StorageSettings } from '@/lib/api-types/storage'
import { formatBytes } from '@/lib/format-bytes'
import { limitParts, projectUploadLimit, SIZE_UNIT_NAMES, type SizeUnit } from '@/lib/storage/explorer'

/**
 * The largest file any upload to the project may be (a bucket may set a smaller one): the plan's
 * upload size, or a smaller limit of the project's own. `writeReason` set: the member may not
 * change it, and the controls say why.
 */
export function UploadLimitCard({ projectRef, writeReason }: { projectRef: string; writeReason?: string }) {
  const settings = useStorageSettingsQuery({ projectRef })
  return (
    <Card>
      <CardHeader title="Upload file size limit" description="The largest file any upload to this project may be. A bucket may set a smaller limit of its own." />
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading the upload limit" />
        ) : settings.isError ? (
          <QueryErrorAlert
            title="Could not load the upload limit"
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          // Keyed by the saved limit, so a save (or a change elsewhere) starts the form afresh.
          <UploadLimitForm key={String(settings.data.file_size_limit)} projectRef={projectRef} saved={settings.data} writeReason={writeReason} />
        )}
      </CardContent>
    </Card>
  )
}

function UploadLimitForm({ projectRef, saved, writeReason }: { projectRef: string; saved: StorageSettings; writeReason?: string }) {
  const planMax = saved.plan_max_upload_bytes
  const planParts = limitParts(planMax)
  const initial = limitParts(saved.file_size_limit ?? planMax)
  const [usePlan, setUsePlan] = useState(saved.file_size_limit === null)
  const [amount, setAmount] = useState(initial.amount)
  const [unit, setUnit] = useState<SizeUnit>(initial.unit)
  const update = useStorageSettingsUpdateMutation({ onSuccess: () => toast.success('Upload limit saved') })

  const typed = usePlan ? null : projectUploadLimit(amount, unit, planMax)
  const problem = typed && 'problem' in typed ? typed.problem : undefined
  // Compared in bytes: 10240 KB is the 10 MB saved.
  const limit = typed === null ? null : 'bytes' in typed ? typed.bytes : undefined
  const changed = limit !== saved.file_size_limit
  const canWrite = writeReason === undefined
  const disabled = !canWrite || update.isPending

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!canWrite || !changed || limit === undefined) return
    update.mutate({ projectRef, file_size_limit: limit })
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Upload file size limit">
      {writeReason && <p className="text-xs text-foreground-light">{writeReason}</p>}
      <Toggle
        label="Use the plan's limit"
        description={usePlan ? 'Uploads up to the plan’s size are taken; it follows the plan when the plan changes.' : 'Uploads larger than the limit below are refused.'}
        checked={usePlan}
        disabled={disabled}
        title={writeReason}
        onCheckedChange={setUsePlan}
      />
      <div className="flex items-start gap-2">
        <Input
          label="Upload limit"
          inputMode="decimal"
          value={usePlan ? planParts.amount : amount}
          disabled={disabled || usePlan}
          title={writeReason}
          description={`Your plan allows up to ${formatBytes(planMax)}.`}
          onChange={(e) => setAmount(e.target.value)}
          error={problem}
          containerClassName="max-w-xs flex-1"
        />
        <Select
          label="Unit"
          value={usePlan ? planParts.unit : unit}
          disabled={disabled || usePlan}
          title={writeReason}
          onChange={(e) => setUnit(e.target.value as SizeUnit)}
          options={SIZE_UNIT_NAMES.map((u) => ({ value: u, label: u }))}
          containerClassName="w-28"
        />
      </div>
      <div className="flex justify-end">
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!canWrite || !changed || problem !== undefined} title={writeReason}>
          Save
        </Button>
      </div>
    </form>
  )
}
