/**
 * The table editor (/project/{ref}/editor[/{schema}/{table}]): a schema's tables on the left (a
 * select on a phone), the chosen table's rows on the right. Every change goes through a review of
 * its SQL (SqlReviewContext) and runs through the SQL endpoint as the user's own query.
 */
import { Plus, Table2 } from 'lucide-react'
import { useState } from 'react'
import { Button, EmptyState, Select } from '@/components/ui'
import { fieldClasses } from '@/components/ui/FormField'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useTableEditorSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTableEditorTablesQuery } from '@/data/table-editor/tables-query'
import { NewTablePanel } from './NewTablePanel'
import { rowCountText } from './table-editor.utils'
import { SqlReviewProvider } from './SqlReviewContext'
import { TableList } from './TableList'
import { TableView } from './TableView'
import { READ_ONLY_NOTE, WriteControl } from './WriteControl'

export type TableEditorPageProps = {
  projectRef: string
  schema: string
  table: string | undefined
  /** Go to a table of a schema, or to the schema's list (table undefined). */
  onNavigate: (schema: string, table: string | undefined) => void
}

export function TableEditorPage(props: TableEditorPageProps) {
  return (
    <SqlReviewProvider projectRef={props.projectRef}>
      <TableEditor {...props} />
    </SqlReviewProvider>
  )
}

function TableEditor({ projectRef, schema, table, onNavigate }: TableEditorPageProps) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('sql:write', project && { id: project.organization_id })
  const schemas = useTableEditorSchemasQuery({ projectRef })
  const tables = useTableEditorTablesQuery({ projectRef, schema })
  const [creating, setCreating] = useState(false)
  const schemaOptions = Array.from(new Set([...(schemas.data ?? []), schema])).map((s) => ({ value: s, label: s }))
  const hint = canWrite ? undefined : READ_ONLY_NOTE

  const newTableButton = (
    <WriteControl hint={hint}>
      <Button size="tiny" type="default" icon={<Plus size={14} />} disabled={!canWrite} onClick={() => setCreating(true)}>
        New table
      </Button>
    </WriteControl>
  )
  const schemaPicker = (className: string) => (
    <Select aria-label="Schema" size="tiny" containerClassName={className} value={schema} options={schemaOptions} onChange={(e) => onNavigate(e.target.value, undefined)} />
  )

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-1 flex-col md:flex-row">
      <aside aria-label="Tables of the schema" className="hidden w-64 shrink-0 flex-col gap-2 border-r border-border py-2 md:flex">
        <div className="flex items-center gap-2 px-2">
          {schemaPicker('min-w-0 flex-1')}
          {newTableButton}
        </div>
        <TableList projectRef={projectRef} tables={tables} active={table} />
      </aside>
      {/* A phone has no room for the list: schema and table are picked from selects. */}
      <div className="flex flex-wrap items-center gap-2 border-b border-border p-2 md:hidden">
        {schemaPicker('w-32')}
        <select
          aria-label="Table"
          className={fieldClasses(false, 'h-7 min-w-0 flex-1 px-2 text-xs')}
          value={table ?? ''}
          onChange={(e) => onNavigate(schema, e.target.value || undefined)}
        >
          <option value="">{tables.isLoading ? 'Loading tables…' : 'Choose a table'}</option>
          {(tables.data ?? []).map((t) => (
            <option key={t.name} value={t.name}>
              {`${t.name} · ${rowCountText(t)}`}
            </option>
          ))}
        </select>
        {newTableButton}
      </div>
      <main className="flex min-h-0 min-w-0 flex-1 flex-col">
        {table ? (
          <TableView key={`${schema}.${table}`} projectRef={projectRef} schema={schema} name={table} canWrite={canWrite} onOpen={(name) => onNavigate(schema, name)} />
        ) : tables.data && tables.data.length === 0 ? (
          <EmptyState
            className="m-4"
            icon={<Table2 size={24} />}
            title={`No tables in ${schema} yet`}
            description={canWrite ? 'Create one: its columns, keys and row-level security, shown as SQL before it runs.' : READ_ONLY_NOTE}
            action={
              canWrite ? (
                <Button type="primary" icon={<Plus size={14} />} onClick={() => setCreating(true)}>
                  Create a table
                </Button>
              ) : undefined
            }
          />
        ) : (
          <EmptyState className="m-4" icon={<Table2 size={24} />} title="Pick a table" description="Its rows open here, a page at a time." />
        )}
      </main>
      {creating && (
        <NewTablePanel
          projectRef={projectRef}
          schema={schema}
          onClose={() => setCreating(false)}
          onCreated={(name) => {
            setCreating(false)
            onNavigate(schema, name)
          }}
        />
      )}
    </div>
  )
}
