/**
 * How much of a streamed result the SQL editor holds. A browser tab keeps every row it shows;
 * a result of tens of millions of rows ("No limit") would fill the tab's memory until the browser
 * ends it, taking the editor's state with it. Past this many characters of result lines (each
 * about 1.7 bytes of the tab's memory once held by column; some 2.5 million rows of three short
 * columns, about 210 MB), the editor stops reading, which stops the run, and keeps the rows it
 * has. The same size as the platform's cap on a one-piece answer (MAX_RESULT_BYTES' default).
 */
export const EDITOR_RESULT_BUDGET_CHARS = 128 * 1024 * 1024

/** What the results say of a result the editor stopped reading at its budget. */
export function resultBudgetNotice(rows: number, budgetChars = EDITOR_RESULT_BUDGET_CHARS): string {
  const megabytes = Math.round(budgetChars / (1024 * 1024))
  return (
    `Showing the first ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}: the editor stopped the query at ${megabytes} MB of results. ` +
    'Add a LIMIT or a WHERE to see the rest in parts, or read the whole result over a direct connection.'
  )
}
