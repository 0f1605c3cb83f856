import { KeyRound, Link2, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge, Button, SidePanel } from '@/components/ui'
import { setRlsSql, type ColumnInfo, type TableDetail } from '@/lib/table-editor'
import { ColumnDialog } from './ColumnDialog'
import { PoliciesList } from './PoliciesList'
import { useSqlReview } from './SqlReviewContext'
import { DropColumnDialog, DropTableDialog, RenameTableDialog } from './TableDialogs'
import { READ_ONLY_NOTE, WriteControl } from './WriteControl'

type Dialog = { kind: 'rename' } | { kind: 'drop' } | { kind: 'column'; column: ColumnInfo | null } | { kind: 'drop-column'; column: string } | null

/** The table's definition: columns (add, change, drop), row-level security and its policies, rename and drop. */
export function StructurePanel({
  projectRef,
  table,
  canWrite,
  onClose,
  onRenamed,
  onDropped,
}: {
  projectRef: string
  table: TableDetail
  canWrite: boolean
  onClose: () => void
  onRenamed: (name: string) => void
  onDropped: () => void
}) {
  const review = useSqlReview()
  const [dialog, setDialog] = useState<Dialog>(null)
  const hint = canWrite ? undefined : READ_ONLY_NOTE
  const close = () => setDialog(null)

  return (
    <SidePanel open onClose={onClose} size="large" title={`${table.schema}.${table.name}`} description={table.comment ?? undefined}>
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-2" aria-labelledby="structure-columns">
          <div className="flex items-center justify-between">
            <h3 id="structure-columns" className="text-sm font-medium text-foreground">
              Columns
            </h3>
            <WriteControl hint={hint}>
              <Button size="tiny" type="default" icon={<Plus size={14} />} disabled={!canWrite} onClick={() => setDialog({ kind: 'column', column: null })}>
                Add column
              </Button>
            </WriteControl>
          </div>
          <ul className="divide-y divide-border rounded-md border border-border">
            {table.columns.map((column) => (
              <li key={column.name} className="flex items-center gap-2 px-3 py-2 text-sm">
                {column.primaryKey && <KeyRound aria-label="primary key" size={12} className="shrink-0 text-warning" />}
                {column.foreignKey && <Link2 aria-label={`references ${column.foreignKey.table}.${column.foreignKey.column}`} size={12} className="shrink-0 text-brand" />}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-foreground">{column.name}</span>
                  <span className="block truncate font-mono text-xs text-foreground-lighter">
                    {column.type}
                    {column.nullable ? '' : ' · not null'}
                    {column.unique ? ' · unique' : ''}
                    {column.defaultValue ? ` · default ${column.defaultValue}` : ''}
                    {column.identity ? ' · identity' : ''}
                    {column.foreignKey ? ` · → ${column.foreignKey.table}.${column.foreignKey.column} on delete ${column.foreignKey.onDelete.toLowerCase()}` : ''}
                  </span>
                </span>
                {canWrite && (
                  <>
                    <button type="button" aria-label={`Edit column ${column.name}`} className="rounded p-1 text-foreground-lighter hover:bg-surface-raised hover:text-foreground" onClick={() => setDialog({ kind: 'column', column })}>
                      <Pencil aria-hidden size={14} />
                    </button>
                    <button type="button" aria-label={`Drop column ${column.name}`} className="rounded p-1 text-foreground-lighter hover:bg-surface-raised hover:text-destructive" onClick={() => setDialog({ kind: 'drop-column', column: column.name })}>
                      <Trash2 aria-hidden size={14} />
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section className="flex flex-col gap-2" aria-labelledby="structure-rls">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="structure-rls" className="text-sm font-medium text-foreground">
              Row-level security <Badge variant={table.rlsEnabled ? 'brand' : 'warning'}>{table.rlsEnabled ? 'enabled' : 'disabled'}</Badge>
            </h3>
            <WriteControl hint={hint}>
              <Button
                size="tiny"
                type="default"
                disabled={!canWrite}
                onClick={() =>
                  review({
                    title: `${table.rlsEnabled ? 'Disable' : 'Enable'} row-level security on ${table.name}`,
                    description: table.rlsEnabled ? 'Without it, every role with a grant on the table sees and changes every row.' : 'Then only rows its policies allow are visible, except to the owner.',
                    build: () => setRlsSql(table, !table.rlsEnabled),
                    success: `Row-level security ${table.rlsEnabled ? 'disabled' : 'enabled'} on ${table.name}`,
                    danger: table.rlsEnabled,
                  })
                }
              >
                {table.rlsEnabled ? 'Disable RLS' : 'Enable RLS'}
              </Button>
            </WriteControl>
          </div>
          <PoliciesList policies={table.policies} rlsEnabled={table.rlsEnabled} />
        </section>

        <section className="flex flex-col gap-2" aria-labelledby="structure-table">
          <h3 id="structure-table" className="text-sm font-medium text-foreground">
            Table
          </h3>
          <div className="flex flex-wrap gap-2">
            <WriteControl hint={hint}>
              <Button size="tiny" type="default" disabled={!canWrite} onClick={() => setDialog({ kind: 'rename' })}>
                Rename table
              </Button>
            </WriteControl>
            <WriteControl hint={hint}>
              <Button size="tiny" type="danger" disabled={!canWrite} onClick={() => setDialog({ kind: 'drop' })}>
                Drop table
              </Button>
            </WriteControl>
          </div>
        </section>
      </div>
      {dialog?.kind === 'column' && <ColumnDialog projectRef={projectRef} table={table} column={dialog.column} onClose={close} />}
      {dialog?.kind === 'drop-column' && <DropColumnDialog projectRef={projectRef} table={table} column={dialog.column} onClose={close} />}
      {dialog?.kind === 'rename' && <RenameTableDialog projectRef={projectRef} table={table} onClose={close} onRenamed={onRenamed} />}
      {dialog?.kind === 'drop' && <DropTableDialog projectRef={projectRef} table={table} onClose={close} onDropped={onDropped} />}
    </SidePanel>
  )
}
