import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button, Input, ModalActions, SidePanel, Toggle } from '@/components/ui'
import { createTableSql, type NewColumn } from '@/lib/table-editor'
import { ColumnFields, columnProblem } from './ColumnFields'
import { emptyColumn, starterColumns } from './column-types'
import { useSqlReview } from './SqlReviewContext'

/** A new table: name, comment, row-level security (on by default), its columns; reviewed as one CREATE. */
export function NewTablePanel({ projectRef, schema, onClose, onCreated }: { projectRef: string; schema: string; onClose: () => void; onCreated: (name: string) => void }) {
  const review = useSqlReview()
  const [name, setName] = useState('')
  const [comment, setComment] = useState('')
  const [enableRls, setEnableRls] = useState(true)
  const [columns, setColumns] = useState<NewColumn[]>(starterColumns)
  const problem = name.trim() === '' ? 'The table needs a name.' : columns.length === 0 ? 'Add at least one column.' : columns.map(columnProblem).find(Boolean) ?? null

  const submit = () =>
    review({
      title: `Create ${schema}.${name.trim()}`,
      build: () => createTableSql({ schema, name: name.trim(), comment: comment.trim() || null, columns, enableRls }),
      success: `Table ${name.trim()} created`,
      runLabel: 'Create table',
      onDone: () => onCreated(name.trim()),
    })

  return (
    <SidePanel
      open
      onClose={onClose}
      size="xlarge"
      title={`New table in ${schema}`}
      footer={<ModalActions actionLabel="Review SQL" onCancel={onClose} onAction={submit} actionDisabled={problem !== null} note={problem} />}
    >
      <div className="flex flex-col gap-4">
        <Input label="Name" value={name} onChange={(e) => setName(e.target.value)} placeholder="todos" autoFocus />
        <Input label="Description (optional)" value={comment} onChange={(e) => setComment(e.target.value)} />
        <Toggle
          checked={enableRls}
          onCheckedChange={setEnableRls}
          label="Enable row-level security"
          description="Recommended: without policies, only the table's owner can then read or write it through the API."
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-foreground">Columns</legend>
          {columns.map((column, index) => (
            <div key={index} className="flex gap-2 rounded-md border border-border p-3">
              <div className="min-w-0 flex-1">
                <ColumnFields
                  projectRef={projectRef}
                  schema={schema}
                  label={`Column ${index + 1}`}
                  column={column}
                  onChange={(next) => setColumns((all) => all.map((c, i) => (i === index ? next : c)))}
                />
              </div>
              <button
                type="button"
                aria-label={`Remove column ${index + 1}`}
                onClick={() => setColumns((all) => all.filter((_, i) => i !== index))}
                className="self-start rounded p-1 text-foreground-lighter hover:bg-surface-raised hover:text-destructive"
              >
                <Trash2 aria-hidden size={14} />
              </button>
            </div>
          ))}
          <Button type="default" size="tiny" icon={<Plus size={14} />} onClick={() => setColumns((all) => [...all, emptyColumn()])} className="self-start">
            Add column
          </Button>
        </fieldset>
      </div>
    </SidePanel>
  )
}
