import { useState } from 'react'
import { Input } from '@/components/ui'
import { dropColumnSql, dropTableSql, renameTableSql, type TableDetail } from '@/lib/table-editor'
import { ChangeDialog } from './ChangeDialog'

type TableRef = Pick<TableDetail, 'schema' | 'name'>

const CascadeOption = ({ checked, onChange, what }: { checked: boolean; onChange: (checked: boolean) => void; what: string }) => (
  <label className="flex items-start gap-2 text-sm text-foreground-light">
    <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    <span>
      Cascade: also drop what depends on {what} (views, foreign keys of other tables). Without it, the database refuses while anything
      depends on it.
    </span>
  </label>
)

export function RenameTableDialog({ projectRef, table, onClose, onRenamed }: { projectRef: string; table: TableRef; onClose: () => void; onRenamed: (name: string) => void }) {
  const [name, setName] = useState(table.name)
  const next = name.trim()
  return (
    <ChangeDialog
      projectRef={projectRef}
      title={`Rename ${table.schema}.${table.name}`}
      build={() => {
        if (next === '' || next === table.name) throw new Error('Type the new name.')
        return renameTableSql(table, next)
      }}
      success={`Table renamed to ${next}`}
      runLabel="Rename"
      onClose={onClose}
      onDone={() => onRenamed(next)}
    >
      <Input label="New name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
    </ChangeDialog>
  )
}

/** Dropping a table asks for its name typed out: a mis-click must not lose a table. */
export function DropTableDialog({ projectRef, table, onClose, onDropped }: { projectRef: string; table: TableRef; onClose: () => void; onDropped: () => void }) {
  const [typed, setTyped] = useState('')
  const [cascade, setCascade] = useState(false)
  return (
    <ChangeDialog
      projectRef={projectRef}
      title={`Drop ${table.schema}.${table.name}`}
      build={() => dropTableSql(table, { cascade })}
      success={`Table ${table.name} dropped`}
      danger
      runLabel="Drop table"
      runDisabled={typed !== table.name}
      onClose={onClose}
      onDone={onDropped}
    >
      <p className="text-sm text-foreground-light">The table and every row in it are deleted for good.</p>
      <Input label={`Type ${table.name} to confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
      <CascadeOption checked={cascade} onChange={setCascade} what="the table" />
    </ChangeDialog>
  )
}

export function DropColumnDialog({ projectRef, table, column, onClose }: { projectRef: string; table: TableRef; column: string; onClose: () => void }) {
  const [cascade, setCascade] = useState(false)
  return (
    <ChangeDialog
      projectRef={projectRef}
      title={`Drop column ${column}`}
      build={() => dropColumnSql(table, column, { cascade })}
      success={`Column ${column} dropped`}
      danger
      runLabel="Drop column"
      onClose={onClose}
      onDone={onClose}
    >
      <p className="text-sm text-foreground-light">The column&apos;s values in every row are deleted for good.</p>
      <CascadeOption checked={cascade} onChange={setCascade} what="the column" />
    </ChangeDialog>
  )
}
