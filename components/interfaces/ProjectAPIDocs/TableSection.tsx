import { Badge } from '@/components/ui'
import type { CatalogTable } from '@/lib/sql/completion'
import type { DocsLanguage } from '@/state/app'
import { CodeSnippet } from './CodeSnippet'
import { operationsOf, snippetFor, tableSql, type TableOperation } from './api-docs.utils'

const OPERATIONS: Record<TableOperation, { title: string; text: string }> = {
  read: { title: 'Read rows', text: 'Answers the rows; narrow them with where, order by and limit.' },
  insert: { title: 'Insert a row', text: 'Change the example values; leave out columns that have a default (an identity id, a timestamp).' },
  update: { title: 'Update rows', text: 'Sets a column on the rows the where clause picks, and answers them as they are now.' },
  delete: { title: 'Delete rows', text: 'Deletes the rows the where clause picks, and answers them. Without a where clause, every row goes.' },
}

/** One table (or view) of the project as HTTP requests: its columns, then each operation with a snippet. */
export function TableSection({ table, url, withToken, language }: { table: CatalogTable; url: string; withToken: boolean; language: DocsLanguage }) {
  const languageLabel = language === 'bash' ? 'Bash' : 'JavaScript'
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-mono text-sm font-medium break-all text-foreground">
            {table.schema}.{table.name}
          </h3>
          <Badge>{table.kind}</Badge>
        </div>
        {table.kind !== 'table' && <p>A {table.kind} is read from; its rows are written through the tables it comes from.</p>}
        {table.columns.length > 0 && (
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Columns of {table.name}</caption>
            <thead>
              <tr className="border-b border-border text-foreground">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Column
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Type
                </th>
              </tr>
            </thead>
            <tbody>
              {table.columns.map((column) => (
                <tr key={column.name} className="border-b border-border/60">
                  <td className="py-1.5 pr-3 font-mono break-all text-foreground">{column.name}</td>
                  <td className="py-1.5 font-mono">{column.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {operationsOf(table).map((operation) => (
        <section key={operation} aria-label={OPERATIONS[operation].title} className="flex flex-col gap-2">
          <h4 className="text-sm font-medium text-foreground">{OPERATIONS[operation].title}</h4>
          <p>{OPERATIONS[operation].text}</p>
          <CodeSnippet code={snippetFor(language, { url, sql: tableSql(table, operation), withToken })} label={`${OPERATIONS[operation].title} (${languageLabel})`} />
        </section>
      ))}
    </div>
  )
}
