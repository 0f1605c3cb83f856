/**
 * The column privileges page (feature preview "Column-level privileges"): pick a schema and a
 * table, see which of the project's roles hold SELECT / INSERT / UPDATE / REFERENCES on each
 * column, and grant or revoke them per cell or per column. Read-only members see, but cannot change.
 */
import Link from 'next/link'
import { useState } from 'react'
import { Table2 } from 'lucide-react'
import { toast } from 'sonner'
import { buttonClasses, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useSchemaCatalogQuery } from '@/data/database/schema-catalog-query'
import { useColumnPrivilegesChangeMutation } from '@/data/privileges/column-privileges-change-mutation'
import { useColumnPrivilegesQuery } from '@/data/privileges/column-privileges-query'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { useFeaturePreviewsLoaded, useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { PreviewOffNotice } from './PreviewOffNotice'
import { PrivilegesGrid, type PrivilegeChange } from './PrivilegesGrid'
import { TablePicker } from './TablePicker'
import { resolveTable, type TableChoice } from './column-privileges.utils'

export function ColumnPrivilegesPage({ projectRef }: { projectRef: string }) {
  const loaded = useFeaturePreviewsLoaded()
  const enabled = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-foreground">Column privileges</h1>
        <p className="text-sm text-foreground-light">Which database roles may read or write each column of a table.</p>
      </header>
      {!loaded ? <LoadingBlock label="Loading" /> : enabled ? <ColumnPrivilegesEditor projectRef={projectRef} /> : <PreviewOffNotice />}
    </div>
  )
}

function LoadingBlock({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-9 w-full max-w-md" />
      <Skeleton className="h-48 w-full" />
    </div>
  )
}

function ColumnPrivilegesEditor({ projectRef }: { projectRef: string }) {
  const catalog = useSchemaCatalogQuery({ projectRef })
  const [picked, setPicked] = useState<Partial<TableChoice>>({})
  const tables = catalog.data?.tables ?? []
  const choice = resolveTable(tables, picked)

  if (catalog.isLoading) return <LoadingBlock label="Loading tables" />
  if (catalog.error)
    return (
      <QueryErrorAlert title="Could not read the project's tables" error={catalog.error} onRetry={() => void catalog.refetch()} retrying={catalog.isFetching} />
    )
  if (!choice)
    return (
      <EmptyState
        icon={<Table2 size={24} />}
        title="No tables yet"
        description="Privileges are given on the columns of tables and views. Create one first."
        action={
          <Link href={`/project/${projectRef}/sql/new`} className={buttonClasses({ type: 'default' })}>
            Open the SQL editor
          </Link>
        }
      />
    )
  return (
    <div className="flex flex-col gap-4">
      <TablePicker tables={tables} value={choice} onChange={setPicked} />
      <TablePrivileges projectRef={projectRef} choice={choice} />
    </div>
  )
}

const changeSummary = ({ kind, role, columns, privileges }: PrivilegeChange) =>
  `${kind === 'grant' ? 'Granted' : 'Revoked'} ${privileges.length === 4 ? 'all privileges' : privileges.join(', ')} on ${columns.join(', ')} ${kind === 'grant' ? 'to' : 'from'} ${role}`

function TablePrivileges({ projectRef, choice }: { projectRef: string; choice: TableChoice }) {
  const privileges = useColumnPrivilegesQuery({ projectRef, ...choice })
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  // Both false while the role is unknown: the read-only note waits until it is known.
  const canRun = useCan('sql:run', organization)
  const canWrite = useCan('sql:write', organization)
  const mutation = useColumnPrivilegesChangeMutation()
  const pending = mutation.isPending

  const change = (next: PrivilegeChange) => {
    mutation.mutate(
      { projectRef, kind: next.kind, schema: choice.schema, table: choice.table, role: next.role, columns: next.columns, privileges: next.privileges },
      { onSuccess: () => void toast.success(changeSummary(next)) }
    )
  }

  if (privileges.isLoading) return <LoadingBlock label="Loading privileges" />
  if (privileges.error)
    return (
      <QueryErrorAlert title="Could not read the privileges" error={privileges.error} onRetry={() => void privileges.refetch()} retrying={privileges.isFetching} />
    )
  if (!privileges.data) return null
  const data = privileges.data
  return (
    <div className="flex flex-col gap-3" aria-busy={pending || undefined}>
      {canRun && !canWrite && <p className="text-sm text-foreground-light">Your role can see privileges but not change them.</p>}
      {data.columns.length === 0 ? (
        <EmptyState title="This table has no columns" description="Add a column before giving privileges on it." />
      ) : (
        <PrivilegesGrid data={data} editable={canWrite && !pending} onChange={change} />
      )}
      <p className="text-xs text-foreground-lighter">
        A lighter tick is a privilege granted on the whole table: it holds for every column. Revoking it on one column keeps it on the
        others. The roles shown are the project&apos;s own role and the roles it uses or is a member of.
      </p>
    </div>
  )
}
