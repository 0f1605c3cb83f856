/**
 * The query performance page: statements from pg_stat_statements (PostgreSQL 13 and later column
 * names), the parser of their answer, and the orderings and search the page offers.
 */
import { z } from 'zod'
import { jsonColumn, sqlIdentifier } from './sql-text'

/** Per ordering, the statements kept: the top of each, so no view misses its own leaders. */
export const STATEMENTS_PER_ORDER = 200

/**
 * The statements of this database, the top STATEMENTS_PER_ORDER by total time, by calls and by
 * mean time. A role without pg_read_all_stats sees other roles' statements as
 * '<insufficient privilege>' (Postgres' rule), which the page shows as it is.
 */
export function statementsSql(schema: string): string {
  const view = `${sqlIdentifier(schema)}.pg_stat_statements`
  return `select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'role', pg_catalog.pg_get_userbyid(s.userid)::text,
  'query', s.query,
  'calls', s.calls,
  'total_time', s.total_exec_time,
  'mean_time', s.mean_exec_time,
  'max_time', s.max_exec_time,
  'rows', s.rows,
  'cache_hit_ratio', case when s.shared_blks_hit + s.shared_blks_read = 0 then null
    else s.shared_blks_hit::float8 / (s.shared_blks_hit + s.shared_blks_read) end
) order by s.total_exec_time desc), '[]'::json) as statements
from (
  select p.*,
    pg_catalog.rank() over (order by p.total_exec_time desc) as by_total,
    pg_catalog.rank() over (order by p.calls desc) as by_calls,
    pg_catalog.rank() over (order by p.mean_exec_time desc) as by_mean
  from ${view} p
  where p.dbid = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
) s
where s.by_total <= ${STATEMENTS_PER_ORDER} or s.by_calls <= ${STATEMENTS_PER_ORDER} or s.by_mean <= ${STATEMENTS_PER_ORDER}`
}

/**
 * The reset of this database's statistics only, which the platform adds to pg_stat_statements when
 * it creates it for a project (server/extensions/as-platform.ts): Postgres' own reset is a
 * superuser's, and forgets every database's.
 */
export const RESET_DATABASE_FUNCTION = 'pg_stat_statements_reset_database'

/**
 * Forgets the statistics: of this database only (`databaseOnly`, the platform's function), or of
 * every database of the server (Postgres' function does that).
 */
export const resetStatementsSql = (schema: string, { databaseOnly = false } = {}) =>
  databaseOnly
    ? `select ${sqlIdentifier(schema)}.${RESET_DATABASE_FUNCTION}();`
    : `select ${sqlIdentifier(schema)}.pg_stat_statements_reset();`

const statementSchema = z.object({
  role: z.string().nullable(),
  query: z.string().nullable(),
  calls: z.number(),
  total_time: z.number(),
  mean_time: z.number(),
  max_time: z.number(),
  rows: z.number(),
  cache_hit_ratio: z.number().nullable(),
})
export type StatementStats = z.infer<typeof statementSchema>

export function statementsFromRows(rows: unknown): StatementStats[] {
  const parsed = z.array(statementSchema).safeParse(jsonColumn(rows, 'statements'))
  if (!parsed.success) throw new Error('The query statistics answered something unexpected')
  return parsed.data
}

export const STATEMENT_ORDERS = {
  total_time: { label: 'Most time consuming', key: 'total_time' },
  calls: { label: 'Most frequent', key: 'calls' },
  mean_time: { label: 'Slowest (mean)', key: 'mean_time' },
} as const
export type StatementOrder = keyof typeof STATEMENT_ORDERS
export const SORTABLE_COLUMNS = ['calls', 'total_time', 'mean_time', 'max_time', 'rows', 'cache_hit_ratio'] as const
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number]
export type StatementSort = { column: SortableColumn; direction: 'asc' | 'desc' }

/** The statements whose text or role contains `search` (any case), sorted; nulls last either way. */
export function sortStatements(statements: readonly StatementStats[], { column, direction }: StatementSort, search = ''): StatementStats[] {
  const needle = search.trim().toLowerCase()
  const sign = direction === 'asc' ? 1 : -1
  return statements
    .filter((s) => needle === '' || (s.query ?? '').toLowerCase().includes(needle) || (s.role ?? '').toLowerCase().includes(needle))
    .sort((a, b) => {
      const x = a[column]
      const y = b[column]
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
      return (x - y) * sign
    })
}

/** Milliseconds as people read them: "0.42 ms", "12.3 ms", "4.56 s", "2.1 min". */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`
  if (ms < 1000) return `${ms.toFixed(ms < 100 ? 1 : 0)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`
  return `${(ms / 60_000).toFixed(1)} min`
}

/** A ratio 0…1 as a percentage with one decimal; "–" when nothing was read. */
export const formatRatio = (ratio: number | null) => (ratio === null ? '–' : `${(ratio * 100).toFixed(1)}%`)
