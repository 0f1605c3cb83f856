import { Badge } from '@/components/ui'
import type { DocsTable } from '@/lib/sql/api-docs-catalog'
import type { DocsLanguage } from '@/state/app'
import { OperationSnippet } from './OperationSnippet'
import { plannedOperations, tablePlan, tableSnippet, type SnippetContext, type TablePlan } from './api-docs.snippets'
import { operationsOf, type TableOperation } from './api-docs.utils'

const TITLES: Record<TableOperation, string> = { select: 'Read rows', insert: 'Insert a row', update: 'Update rows', delete: 'Delete rows' }

function explanation(operation: TableOperation, plan: TablePlan) {
  const by = plan.filter ? (
    <>
      the rows whose <code>{plan.filter.column}</code> equals the example value
    </>
  ) : (
    <>every row (no column of this table can be named in a filter: its names hold a double quote)</>
  )
  switch (operation) {
    case 'select':
      return (
        <>
          Answers {by}
          {plan.filter ? ', in order, ' : ', '}the first ten of them (a range of rows 0 to 9). Row level security decides which rows the
          key&apos;s role sees.
        </>
      )
    case 'insert':
      return (
        <>
          Inserts a row and answers it as stored. Columns with a default (an identity, a timestamp) are left out; change the example
          values.
        </>
      )
    case 'update':
      return <>Changes {by}, and answers them as they are now.</>
    case 'delete':
      return <>Deletes {by}, and answers them. Without a filter, every row the role may delete goes.</>
  }
}

/** One table (or view) of the data API: its columns, then each operation as supabase-js or curl. */
export function TableSection({ table, ctx, language }: { table: DocsTable; ctx: SnippetContext; language: DocsLanguage }) {
  const plan = tablePlan(table)
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-mono text-sm font-medium break-all text-foreground">
            {table.schema}.{table.name}
          </h3>
          <Badge>{table.kind}</Badge>
        </div>
        {table.kind !== 'table' && <p>A {table.kind} is read from; its rows are written through the tables it comes from.</p>}
        {table.schema !== ctx.defaultSchema && (
          <p>
            Not in the default schema: requests name <code>{table.schema}</code> (<code>.schema()</code> in supabase-js, the{' '}
            <code>Accept-Profile</code> / <code>Content-Profile</code> header with curl).
          </p>
        )}
        {table.columns.length > 0 && (
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Columns of {table.name}</caption>
            <thead>
              <tr className="border-b border-border text-foreground">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Column
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  On insert
                </th>
              </tr>
            </thead>
            <tbody>
              {table.columns.map((column) => (
                <tr key={column.name} className="border-b border-border/60">
                  <td className="py-1.5 pr-3 font-mono break-all text-foreground">{column.name}</td>
                  <td className="py-1.5 pr-3 font-mono">{column.type}</td>
                  <td className="py-1.5">{!column.writable ? 'generated' : column.required ? 'required' : column.has_default ? 'default' : 'optional'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {plannedOperations(plan, operationsOf(table)).map((operation) => (
        <OperationSnippet key={operation} title={TITLES[operation]} language={language} code={tableSnippet(language, ctx, plan, operation)}>
          {explanation(operation, plan)}
        </OperationSnippet>
      ))}
    </div>
  )
}
