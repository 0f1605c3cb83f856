/**
 * Reports over pg_stat_statements, 100 rows each. The extension is created when the role may do
 * so; where it can't be (not installed on the server, or only a superuser may create it),
 * CREATE EXTENSION fails with Postgres' own message naming it, and nothing else runs.
 */
import { joinSql, sql, type Snippet } from '../types'

const ENSURE_EXTENSION = sql`
  -- Statement statistics come from pg_stat_statements.
  create extension if not exists pg_stat_statements;
`

export const mostFrequentQueries: Snippet = {
  id: 10,
  type: 'template',
  title: 'Most frequent queries',
  description: 'The 100 statements run most often in this database, with their call counts and timings.',
  sql: joinSql(
    ENSURE_EXTENSION,
    sql`
      select
        pg_get_userbyid(s.userid) as role,
        s.calls,
        s.rows,
        round(s.total_exec_time::numeric, 2) as total_ms,
        round(s.mean_exec_time::numeric, 2) as mean_ms,
        s.query
      from pg_stat_statements s
      where s.dbid = (select oid from pg_database where datname = current_database())
      order by s.calls desc
      limit 100;
    `
  ),
}

export const mostTimeConsumingQueries: Snippet = {
  id: 11,
  type: 'template',
  title: 'Most time consuming queries',
  description: 'The 100 statements that took the most time in total, with their share of all time spent.',
  sql: joinSql(
    ENSURE_EXTENSION,
    sql`
      select
        pg_get_userbyid(s.userid) as role,
        s.calls,
        round(s.total_exec_time::numeric, 2) as total_ms,
        round((100 * s.total_exec_time / nullif(sum(s.total_exec_time) over (), 0))::numeric, 2) as percent_of_total,
        round(s.mean_exec_time::numeric, 2) as mean_ms,
        s.query
      from pg_stat_statements s
      where s.dbid = (select oid from pg_database where datname = current_database())
      order by s.total_exec_time desc
      limit 100;
    `
  ),
}

export const slowestExecutionTime: Snippet = {
  id: 12,
  type: 'template',
  title: 'Slowest execution time',
  description: 'The 100 statements with the longest average run, with their slowest run and how much that varies.',
  sql: joinSql(
    ENSURE_EXTENSION,
    sql`
      select
        pg_get_userbyid(s.userid) as role,
        s.calls,
        round(s.mean_exec_time::numeric, 2) as mean_ms,
        round(s.max_exec_time::numeric, 2) as max_ms,
        round(s.stddev_exec_time::numeric, 2) as stddev_ms,
        s.query
      from pg_stat_statements s
      where s.dbid = (select oid from pg_database where datname = current_database())
      order by s.mean_exec_time desc
      limit 100;
    `
  ),
}

export const hitRate: Snippet = {
  id: 13,
  type: 'template',
  title: 'Hit rate',
  description: 'For the 100 statements that read the most blocks from disk, how often the shared cache already had them.',
  sql: joinSql(
    ENSURE_EXTENSION,
    sql`
      -- A hit rate well below 99% on busy statements suggests the working set outgrew memory
      -- or an index is missing.
      select
        pg_get_userbyid(s.userid) as role,
        s.calls,
        s.shared_blks_hit as blocks_from_cache,
        s.shared_blks_read as blocks_from_disk,
        round(100 * s.shared_blks_hit::numeric / nullif(s.shared_blks_hit + s.shared_blks_read, 0), 2) as hit_rate_percent,
        s.query
      from pg_stat_statements s
      where s.dbid = (select oid from pg_database where datname = current_database())
      order by s.shared_blks_read desc, s.shared_blks_hit desc
      limit 100;
    `
  ),
}
