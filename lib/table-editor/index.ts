/**
 * The table editor's SQL: pure functions from the model (types.ts) to SQL text and from the SQL
 * endpoint's rows back to the model. Every identifier is quoted, every value a literal made here,
 * so nothing a user types becomes SQL of its own. Each function that changes the database answers
 * ONE SQL text (a single statement, or several wrapped in BEGIN … COMMIT) to show and then run.
 */
export * from './types'
export { COUNT_CAP, schemasSql, schemasFromRows, tablesSql, tablesFromRows, tableDetailSql, tableDetailFromRows } from './catalog'
export { rowsSql, cursorOf, cursorColumn, referencedRowSql } from './rows'
export { literalFor, cellText } from './values'
export { insertRowSql, updateRowSql, deleteRowsSql, rowCountProblem } from './row-changes'
export {
  createTableSql,
  renameTableSql,
  dropTableSql,
  addColumnSql,
  alterColumnSql,
  dropColumnSql,
  setRlsSql,
} from './ddl'
