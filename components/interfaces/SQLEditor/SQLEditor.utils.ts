import { isResponseError } from '@/data/fetchers'
import type { SqlRunError } from '@/state/sql-editor'
import { locateSqlError } from './sql-position'

/** What ran: the whole document, or the selection starting at `ranFrom` in it. */
export type RanSql = { document: string; sql: string; ranFrom: number }

/** A failed run → what the results panel shows, with the error's place in the document. */
export function toRunError(error: unknown, ran: RanSql): SqlRunError {
  if (!isResponseError(error)) {
    return { message: error instanceof Error ? error.message : String(error) }
  }
  const pg = error.pg
  const position = Number(pg?.position)
  return {
    message: error.message,
    code: pg?.code,
    detail: pg?.detail,
    hint: pg?.hint,
    location:
      Number.isFinite(position) && position > 0
        ? locateSqlError({ document: ran.document, ranSql: ran.sql, ranFrom: ran.ranFrom, position })
        : undefined,
  }
}
