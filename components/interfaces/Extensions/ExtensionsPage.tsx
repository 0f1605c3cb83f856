/**
 * The extensions page (/project/{ref}/database/extensions): the catalogue merged with what the
 * project's database has, with a search, a tag and a status filter; enabling opens a dialog with
 * the schema and the SQL, disabling one with what depends on it. Read-only members see everything
 * and change nothing.
 */
import { useState } from 'react'
import { Puzzle, SearchX } from 'lucide-react'
import { toast } from 'sonner'
import { EmptyState, Input, Select, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useExtensionChangeMutation } from '@/data/extensions/extension-change-mutation'
import { useExtensionsQuery } from '@/data/extensions/extensions-query'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import type { Extension } from '@/lib/api-types'
import type { ExtensionTag } from '@/lib/extensions/tags'
import { KindTabs } from '@/components/interfaces/DatabaseObjects/KindTabs'
import { DisableDialog } from './DisableDialog'
import { EnableDialog } from './EnableDialog'
import { ExtensionCard } from './ExtensionCard'
import { filterExtensions, sortForDisplay, tagsOf, type StatusFilter } from './extensions.utils'

export function ExtensionsPage({ projectRef }: { projectRef: string }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-foreground">Extensions</h1>
        <p className="text-sm text-foreground-light">Add types, functions and indexes to the project&apos;s database. Each change is SQL you see before it runs.</p>
      </header>
      <KindTabs projectRef={projectRef} current="extensions" />
      <ExtensionsList projectRef={projectRef} />
    </div>
  )
}

const ALL = ''
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'available', label: 'Can be enabled' },
]

function ExtensionsList({ projectRef }: { projectRef: string }) {
  const extensions = useExtensionsQuery({ projectRef })
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  // Both false while the role is unknown: the read-only note waits until it is known.
  const canRun = useCan('sql:run', organization)
  const canWrite = useCan('sql:write', organization)
  const mutation = useExtensionChangeMutation()
  const [search, setSearch] = useState('')
  const [tag, setTag] = useState<string>(ALL)
  const [status, setStatus] = useState<StatusFilter>('all')
  const [open, setOpen] = useState<Extension | null>(null)

  if (extensions.isLoading)
    return (
      <div aria-busy="true" aria-label="Loading extensions" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-full max-w-md" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      </div>
    )
  if (extensions.error)
    return (
      <QueryErrorAlert title="Could not read the project's extensions" error={extensions.error} onRetry={() => void extensions.refetch()} retrying={extensions.isFetching} />
    )
  if (!extensions.data) return null

  const all = extensions.data.extensions
  const tags = tagsOf(all)
  const chosenTag = (tags as string[]).includes(tag) ? (tag as ExtensionTag) : null
  const shown = sortForDisplay(filterExtensions(all, { search, tag: chosenTag, status }))
  const enabledCount = all.filter((e) => e.enabled).length
  const close = () => setOpen(null)

  const enable = (extension: Extension, choice: { schema?: string; cascade: boolean }) =>
    mutation.mutate(
      { projectRef, kind: 'enable', name: extension.name, ...choice },
      { onSuccess: () => (close(), void toast.success(`Enabled ${extension.name} in schema ${choice.schema ?? extension.required_schema}`)) }
    )
  const disable = (extension: Extension, choice: { cascade: boolean }) =>
    mutation.mutate(
      { projectRef, kind: 'disable', name: extension.name, ...choice },
      { onSuccess: () => (close(), void toast.success(`Disabled ${extension.name}`)) }
    )

  return (
    <div className="flex flex-col gap-4" aria-busy={mutation.isPending || undefined}>
      {canRun && !canWrite && <p className="text-sm text-foreground-light">Your role can see extensions but not enable or disable them.</p>}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <Input
          label="Search"
          type="search"
          placeholder="Name or description"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          containerClassName="sm:w-72"
        />
        <Select
          label="Tag"
          value={chosenTag ?? ALL}
          onChange={(e) => setTag(e.target.value)}
          options={[{ value: ALL, label: 'All tags' }, ...tags.map((t) => ({ value: t, label: t }))]}
          containerClassName="sm:w-44"
        />
        <Select
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          options={STATUS_OPTIONS}
          containerClassName="sm:w-44"
        />
        <p className="text-xs text-foreground-lighter sm:ml-auto sm:pb-2" aria-live="polite">
          {shown.length === all.length ? `${all.length} extensions, ${enabledCount} enabled` : `${shown.length} of ${all.length}`}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX size={24} />} title="No extensions match" description="Try another name, tag or status." />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Extensions">
          {shown.map((e) => (
            <ExtensionCard key={e.name} extension={e} editable={canWrite && !mutation.isPending} onToggle={setOpen} />
          ))}
        </ul>
      )}
      {all.length === 0 && (
        <EmptyState icon={<Puzzle size={24} />} title="No extensions" description="This database offers no extensions." />
      )}
      {open && !open.enabled && (
        <EnableDialog
          extension={open}
          schemas={extensions.data.schemas}
          platformSchema={extensions.data.platform_schema ?? null}
          pending={mutation.isPending}
          onCancel={close}
          onEnable={(choice) => enable(open, choice)}
        />
      )}
      {open && open.enabled && (
        <DisableDialog extension={open} pending={mutation.isPending} onCancel={close} onDisable={(choice) => disable(open, choice)} />
      )}
    </div>
  )
}
