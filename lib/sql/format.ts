/**
 * "Format SQL" in the editor: sql-formatter's PostgreSQL dialect (a maintained formatter that
 * knows dollar quotes, casts and operators), keywords in upper case, two-space indents. SQL it
 * cannot parse is answered as it was, with the reason, so formatting never loses text.
 */
import { format } from 'sql-formatter'

export type FormatOutcome = { sql: string; error: string | null }

export function formatSql(sql: string): FormatOutcome {
  try {
    return { sql: format(sql, { language: 'postgresql', keywordCase: 'upper', tabWidth: 2, linesBetweenQueries: 1 }), error: null }
  } catch (error) {
    return { sql, error: error instanceof Error ? error.message.split('\n')[0] : 'The SQL could not be formatted.' }
  }
}
