/**
 * postgres_logs: SQL errors and slow statements in a project's database, from the SQL endpoint and
 * from the platform's own runs for a member (server/privileges/project-database.ts). The SQL is
 * the project's own: its first MAX_QUERY characters are kept with the event, and the message,
 * detail and hint as far as the recorder bounds them (recorder.ts). A statement counts as slow
 * from SLOW_STATEMENT_MS (log-settings.ts) on.
 */
import type { Platform } from '../kernel/platform'
import { isSqlError, type RunOutcome } from '../databases'
import { boundedText } from '@/lib/logs/bounded-text'
import { logSettings } from './log-settings'
import { METADATA_LIMITS, recordLog } from './recorder'

export const MAX_QUERY = METADATA_LIMITS.query

export type StatementOrigin = 'sql-endpoint' | 'platform'

/**
 * Answers `run` as it is, recording a failed or slow statement on the way. Errors that are not
 * Postgres' own (a database that does not answer, a paused project) are the project's status,
 * not its log.
 */
export function watchStatement(
  platform: Platform,
  statement: { projectRef: string; userId: string | null; sql: string; origin: StatementOrigin },
  run: Promise<RunOutcome>
): Promise<RunOutcome> {
  const started = performance.now()
  const base = { query: boundedText(statement.sql, MAX_QUERY), origin: statement.origin, user_id: statement.userId }
  return run.then(
    (outcome) => {
      const { slowStatementMs } = logSettings(platform)
      if (slowStatementMs > 0 && outcome.durationMs >= slowStatementMs) {
        const ms = Math.round(outcome.durationMs)
        recordLog(platform, {
          projectRef: statement.projectRef,
          source: 'postgres_logs',
          level: 'warning',
          message: `duration: ${ms} ms (slow statement, over ${slowStatementMs} ms)`,
          metadata: { ...base, error_severity: 'LOG', duration_ms: ms },
        })
      }
      return outcome
    },
    (error: unknown) => {
      if (isSqlError(error)) {
        recordLog(platform, {
          projectRef: statement.projectRef,
          source: 'postgres_logs',
          level: 'error',
          message: error.message,
          metadata: {
            ...base,
            error_severity: 'ERROR',
            sql_state_code: error.pg.code ?? null,
            position: error.pg.position ?? null,
            detail: error.pg.detail ?? null,
            hint: error.pg.hint ?? null,
            duration_ms: Math.round(performance.now() - started),
          },
        })
      }
      throw error
    }
  )
}
