/**
 * Reading a table's rows a page at a time, by keyset: each page is ordered by the sort column,
 * then the primary key (ctid without one, which is only stable while no one updates the rows
 * concurrently: an updated row moves), and starts after the previous page's last ordering keys,
 * compared with a row constructor. No OFFSET: page 5,000 costs what page 1 costs, an index scan
 * from the cursor.
 *
 * NULLs sort as larger than every value, as a btree index keeps them: last ascending, first
 * descending, so either direction is a forward or backward scan of one index. A cursor can stop
 * in the NULLs; and a page that crosses from values to NULLs (or back, descending) is two index
 * scans joined, each at most one page long, since `(a, id) > (…) or a is null` could use no index.
 *
 * The page before a cursor is the page after it in the opposite order (NULLs included: last
 * ascending is first descending), so going back costs what going on does.
 */
import { ident, qualified, stringLiteral } from './sql-text'
import type { ColumnInfo, Cursor, Filter, ForeignKeyRef, Row, RowsRequest, TableDetail } from './types'
import { literalFor } from './values'

/**
 * The hidden column each answered row carries: its ordering keys as text (a JSON array), what
 * cursorOf hands back. `__cursor`, or with more underscores when the table has a column of that name.
 */
export function cursorColumn(table: Pick<TableDetail, 'columns'>): string {
  return freeName('__cursor', table)
}

function freeName(name: string, table: Pick<TableDetail, 'columns'>): string {
  const taken = new Set(table.columns.map((c) => c.name))
  let free = name
  while (taken.has(free)) free = `_${free}`
  return free
}

type Key = { sql: string; type: string; nullable: boolean }

function columnOf(table: TableDetail, name: string): ColumnInfo {
  const column = table.columns.find((c) => c.name === name)
  if (!column) throw new Error(`${table.name} has no column "${name}"`)
  return column
}

/** The sort column (when sorted), then the primary key columns, or ctid for a table without one. */
function orderingKeys(table: TableDetail, sort: RowsRequest['sort'], alias: string): { sortKey: Key | null; tieKeys: Key[] } {
  const keyOf = (column: ColumnInfo): Key => ({ sql: `${alias}.${ident(column.name)}`, type: column.type, nullable: column.nullable && !column.primaryKey })
  const sortColumn = sort ? columnOf(table, sort.column) : null
  const pk = table.primaryKey.filter((name) => name !== sort?.column).map((name) => keyOf(columnOf(table, name)))
  // Sorted by the (single-column) primary key itself: the sort column is the whole key.
  const tieKeys = table.primaryKey.length > 0 ? pk : [{ sql: `${alias}.ctid`, type: 'tid', nullable: false }]
  return { sortKey: sortColumn ? keyOf(sortColumn) : null, tieKeys }
}

const valueOf = (key: Key, value: unknown): string => (value === null || value === undefined ? 'NULL' : `${stringLiteral(String(value))}::${key.type}`)

const rowOf = (items: string[]) => (items.length === 1 ? items[0] : `(${items.join(', ')})`)

/** `keys` after (or before, descending) `values`, as one row comparison. */
function beyond(keys: Key[], values: unknown[], ascending: boolean): string {
  return `${rowOf(keys.map((k) => k.sql))} ${ascending ? '>' : '<'} ${rowOf(keys.map((k, i) => valueOf(k, values[i])))}`
}

function filterSql(table: TableDetail, filter: Filter, alias: string): string {
  const column = columnOf(table, filter.column)
  const target = `${alias}.${ident(column.name)}`
  switch (filter.operator) {
    case 'is null':
      return `${target} is null`
    case 'is not null':
      return `${target} is not null`
    case 'like':
      // Any type can be matched by its text; for text columns the cast changes nothing.
      return `${target}::text like ${stringLiteral(filter.value)}`
    case 'in': {
      const values = filter.value.split(',').map((v) => v.trim())
      if (values.length === 0 || values.every((v) => v === '')) throw new Error(`${column.name}: "in" needs values separated by commas`)
      return `${target} in (${values.map((v) => literalFor(column, v)).join(', ')})`
    }
    case '=':
    case '<>':
    case '>':
    case '<':
      return `${target} ${filter.operator} ${literalFor(column, filter.value)}`
    default:
      throw new Error(`Unknown filter operator ${String((filter as Filter).operator)}`)
  }
}

type Part = { conditions: string[]; order: Key[] }

/**
 * One page of rows, keyset-paged: ordered by the sort column then the primary key (ctid without
 * one), `after` compared with a row constructor, never OFFSET. Filters become WHERE with literals.
 * The answer rows hold every column (as JSON values) plus `cursorColumn(table)` for cursorOf.
 * `backward`: the rows before `after`, nearest first.
 */
export function rowsSql(request: RowsRequest): string {
  const { table, sort, filters, after } = request
  if (!Number.isFinite(request.limit) || request.limit < 1) throw new Error('A page needs a limit of at least 1 row')
  const alias = freeName('t', table)
  const { sortKey, tieKeys } = orderingKeys(table, sort, alias)
  // Backward is forward in the opposite order.
  const ascending = (sort?.ascending ?? true) !== (request.backward === true && after !== null)
  const keys = sortKey ? [sortKey, ...tieKeys] : tieKeys
  const where = filters.map((f) => filterSql(table, f, alias))
  const shape: PageShape = { table, alias, keys, dir: ascending ? 'asc' : 'desc', limit: Math.floor(request.limit) }

  if (!after) return onePart(shape, { conditions: where, order: keys })
  if (after.length !== keys.length) throw new Error('The cursor does not fit this table and sort (read the first page again)')
  if (!sortKey) return onePart(shape, { conditions: [...where, beyond(keys, after, ascending)], order: keys })

  const [sortValue, ...tieValues] = after
  const inNulls = `${sortKey.sql} is null`
  if (sortValue === null) {
    const restOfNulls: Part = { conditions: [...where, inNulls, beyond(tieKeys, tieValues, ascending)], order: tieKeys }
    // Ascending, the NULLs come last: the rest of them is the rest of the table.
    if (ascending) return onePart(shape, restOfNulls)
    // Descending, the NULLs come first: the rest of them, then every value.
    return twoParts(shape, [restOfNulls, { conditions: [...where, `${sortKey.sql} is not null`], order: keys }])
  }
  const restOfValues: Part = { conditions: [...where, beyond(keys, after, ascending)], order: keys }
  if (!ascending || !sortKey.nullable) return onePart(shape, restOfValues)
  // Ascending in the values: the rest of them, then the NULLs.
  return twoParts(shape, [restOfValues, { conditions: [...where, inNulls], order: tieKeys }])
}

type PageShape = { table: TableDetail; alias: string; keys: Key[]; dir: 'asc' | 'desc'; limit: number }

const cursorSql = ({ keys }: PageShape) => `json_build_array(${keys.map((k) => `${k.sql}::text`).join(', ')})`

/** FROM … WHERE … ORDER BY … LIMIT of one part. */
function partBody(shape: PageShape, part: Part): string {
  const where = part.conditions.length ? `\nwhere ${part.conditions.join('\n  and ')}` : ''
  const order = part.order.map((k) => `${k.sql} ${shape.dir}`).join(', ')
  return `from ${qualified(shape.table)} ${shape.alias}${where}\norder by ${order}\nlimit ${shape.limit}`
}

function onePart(shape: PageShape, part: Part): string {
  return `select ${shape.alias}.*, ${cursorSql(shape)} as ${ident(cursorColumn(shape.table))}\n${partBody(shape, part)}`
}

/**
 * Two ordered parts of a page (each limited on its own, so each stays one index scan), joined in
 * order. Each part carries its rows as one composite value, expanded again at the end, so the
 * answer has exactly the table's columns plus the cursor.
 */
function twoParts(shape: PageShape, parts: [Part, Part]): string {
  const keyColumns = shape.keys.map((k, j) => `${k.sql} as k${j}`).join(', ')
  const inner = parts.map((part, i) => `(select ${shape.alias} as r, ${cursorSql(shape)} as c, ${i} as part, ${keyColumns}\n${partBody(shape, part)})`)
  const order = ['page.part', ...shape.keys.map((_, j) => `page.k${j} ${shape.dir}`)].join(', ')
  return `select (page.r).*, page.c as ${ident(cursorColumn(shape.table))}\nfrom (\n${inner.join('\nunion all\n')}\n) page\norder by ${order}\nlimit ${shape.limit}`
}

/** The cursor after `row` (a row answered by rowsSql for the same request). */
export function cursorOf(request: Pick<RowsRequest, 'table' | 'sort'>, row: Row): Cursor {
  const cursor = row[cursorColumn(request.table)]
  if (!Array.isArray(cursor)) throw new Error('This row was not read by the table editor (it has no cursor)')
  return cursor
}

/** The row a foreign-key cell points at (one row, every column), for showing it beside the cell. */
export function referencedRowSql(foreignKey: ForeignKeyRef, value: unknown): string {
  const target = `${qualified({ schema: foreignKey.schema, name: foreignKey.table })}`
  // An untyped literal takes the referenced column's type, which this side does not know.
  const text = value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value)
  const condition = text === null ? 'false' : `${ident(foreignKey.column)} = ${stringLiteral(text)}`
  return `select * from ${target} where ${condition} limit 1`
}

export type { TableDetail }
