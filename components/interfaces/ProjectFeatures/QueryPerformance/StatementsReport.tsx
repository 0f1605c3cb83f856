import clsx from 'clsx'
import { useState } from 'react'
import { Activity } from 'lucide-react'
import { Button, EmptyState, Input } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useStatementsQuery } from '@/data/project-features/feature-lists-query'
import { resetStatementsSql, sortStatements, STATEMENT_ORDERS, type StatementOrder, type StatementSort } from '@/lib/sql/project-features/query-performance'
import { LoadingBlock } from '../shared/StateBlocks'
import type { useSqlChange } from '../shared/use-sql-change'
import { StatementsTable } from './StatementsTable'

/** The three reports as tabs (each a sort), a search, the table, and Reset statistics. */
export function StatementsReport({
  projectRef,
  schema,
  canReset,
  databaseOnly = false,
  change,
}: {
  projectRef: string
  schema: string
  canReset: boolean
  /** Reset this database's statistics only (the platform's function), not the server's. */
  databaseOnly?: boolean
  change: ReturnType<typeof useSqlChange>
}) {
  const statements = useStatementsQuery({ projectRef, schema })
  const [sort, setSort] = useState<StatementSort>({
    column: 'total_time',
    direction: 'desc',
  })
  const [search, setSearch] = useState('')

  if (statements.isLoading) return <LoadingBlock label="Loading query statistics" />
  if (statements.error)
    return (
      <QueryErrorAlert
        title="Could not read the query statistics"
        error={statements.error}
        retrying={statements.isFetching}
        onRetry={() => void statements.refetch()}
      />
    )
  const all = statements.data ?? []
  const shown = sortStatements(all, sort, search)
  const reset = () => {
    const sql = resetStatementsSql(schema, { databaseOnly })
    change.propose({
      title: 'Reset statistics',
      description: databaseOnly
        ? "Forgets every statement recorded so far in this project's database."
        : 'Forgets every statement recorded so far (on a shared server, for all of its databases). Postgres allows it to superusers and the roles it was granted to.',
      shownSql: sql,
      sql,
      confirmLabel: 'Reset',
      danger: true,
    })
  }
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Reports" className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0">
        {(Object.keys(STATEMENT_ORDERS) as StatementOrder[]).map((order) => (
          <button
            key={order}
            type="button"
            role="tab"
            aria-selected={sort.column === order && sort.direction === 'desc'}
            onClick={() =>
              setSort({
                column: STATEMENT_ORDERS[order].key,
                direction: 'desc',
              })
            }
            className={clsx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm',
              sort.column === order && sort.direction === 'desc'
                ? 'border-foreground text-foreground'
                : 'border-transparent text-foreground-light hover:text-foreground'
            )}
          >
            {STATEMENT_ORDERS[order].label}
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Input
          label="Search"
          type="search"
          placeholder="Query text or role"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          containerClassName="sm:w-72"
        />
        <p className="text-xs text-foreground-lighter sm:pb-2" aria-live="polite">
          {shown.length === all.length ? `${all.length} ${all.length === 1 ? 'statement' : 'statements'}` : `${shown.length} of ${all.length}`}
        </p>
        <div className="flex gap-2 sm:ml-auto">
          <Button size="tiny" loading={statements.isFetching} onClick={() => void statements.refetch()}>
            Refresh
          </Button>
          {canReset && (
            <Button size="tiny" type="danger" onClick={reset}>
              Reset statistics
            </Button>
          )}
        </div>
      </div>
      {all.length === 0 ? (
        <EmptyState
          icon={<Activity size={24} />}
          title="No statements recorded yet"
          description="Statistics appear as the database runs statements. Refresh in a moment."
        />
      ) : shown.length === 0 ? (
        <EmptyState title="No statements match" description="Try other words." />
      ) : (
        <StatementsTable statements={shown} sort={sort} onSort={setSort} />
      )}
    </div>
  )
}
