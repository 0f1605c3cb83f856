/**
 * The query GraphiQL opens with: the first rows of the project's first table, found from the
 * generated schema itself (the names are PostGraphile's: `allTodos`, `TodoConnection`, `rowId`),
 * so it runs as it is. With no table, a query that runs anyway and says how to get one.
 */

/** Lists the root query fields and their types (one small introspection). */
export const ROOT_FIELDS_QUERY = 'query GraphiqlRootFields { __schema { queryType { fields { name type { name } } } } }'

/** The fields of one object type, with their kinds through NON_NULL wrappers. */
export const TYPE_FIELDS_QUERY =
  'query GraphiqlTypeFields($name: String!) { __type(name: $name) { fields { name type { kind ofType { kind ofType { kind } } } } } }'

export type RootFields = { __schema: { queryType: { fields: { name: string; type: { name: string | null } }[] } } }
type TypeRef = { kind: string; ofType?: TypeRef | null }
export type TypeFields = { __type: { fields: { name: string; type: TypeRef }[] | null } | null }

const CONNECTION = 'Connection'
/** Columns shown in the first query: enough to see the rows, short enough to read. */
const MAX_COLUMNS = 6
const PAGE = 10

/** The first `all…` list field and the type of its rows (`allTodos` → `Todo`), if the schema has a table. */
export function firstTableField(root: RootFields): { field: string; rowType: string } | null {
  for (const { name, type } of root.__schema.queryType.fields) {
    if (!name.startsWith('all') || !type.name?.endsWith(CONNECTION)) continue
    return { field: name, rowType: type.name.slice(0, -CONNECTION.length) }
  }
  return null
}

/** Scalar and enum fields (nullable or not): what can be selected without a sub-selection. */
export function leafFields(fields: TypeFields): string[] {
  const leaf = (type: TypeRef): boolean => (type.kind === 'NON_NULL' && type.ofType ? leaf(type.ofType) : type.kind === 'SCALAR' || type.kind === 'ENUM')
  return (fields.__type?.fields ?? []).filter((f) => leaf(f.type) && f.name !== 'nodeId').map((f) => f.name)
}

export function tableQuery(field: string, columns: string[]): string {
  const name = `First${field.slice('all'.length)}`
  const selection = columns.slice(0, MAX_COLUMNS).join('\n      ')
  return `# The first rows of a table of the project's database. Press the run button (or Ctrl/⌘ + Enter).
# Fields, filters and mutations are listed in the documentation explorer.
query ${name} {
  ${field}(first: ${PAGE}) {
    totalCount
    nodes {
      ${selection || '__typename'}
    }
  }
}
`
}

export const NO_TABLE_QUERY = `# The project's public schema has no tables yet: create one in the table editor or the SQL editor,
# then reload this page and its queries and mutations appear here.
query {
  __typename
}
`
