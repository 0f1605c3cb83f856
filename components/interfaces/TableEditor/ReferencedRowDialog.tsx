import Link from 'next/link'
import { Alert, buttonClasses, Modal, Skeleton } from '@/components/ui'
import { useReferencedRowQuery } from '@/data/table-editor/referenced-row-query'
import type { ForeignKeyRef } from '@/lib/table-editor'
import { editorHref } from './table-editor.utils'

/** The row a foreign-key cell points at, every column, with a link to its table. */
export function ReferencedRowDialog({
  projectRef,
  foreignKey,
  value,
  onClose,
}: {
  projectRef: string
  foreignKey: ForeignKeyRef
  value: unknown
  onClose: () => void
}) {
  const row = useReferencedRowQuery({ projectRef, foreignKey, value })
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${foreignKey.schema}.${foreignKey.table}`}
      description={`The row whose ${foreignKey.column} is ${JSON.stringify(value)}`}
      footer={
        <Link href={editorHref(projectRef, foreignKey.schema, foreignKey.table)} className={buttonClasses({ type: 'default' })} onClick={onClose}>
          Open {foreignKey.table}
        </Link>
      }
    >
      {row.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : row.error ? (
        <Alert variant="danger" title="Could not read the referenced row">
          {row.error.message}
        </Alert>
      ) : !row.data ? (
        <p className="text-sm text-foreground-light">No such row (or your role cannot see it).</p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {Object.entries(row.data).map(([name, cell]) => (
            <div key={name} className="contents">
              <dt className="truncate font-medium text-foreground-light">{name}</dt>
              <dd className="font-mono text-xs break-all text-foreground">{cell === null ? 'NULL' : typeof cell === 'string' ? cell : JSON.stringify(cell)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Modal>
  )
}
