import { firstTableField, leafFields, NO_TABLE_QUERY, tableQuery, type RootFields, type TypeFields } from './default-query'

const root = (...fields: [string, string | null][]): RootFields => ({
  __schema: { queryType: { fields: fields.map(([name, type]) => ({ name, type: { name: type } })) } },
})

it.each([
  ['the first table', root(['query', 'Query'], ['allTodos', 'TodoConnection'], ['allNotes', 'NoteConnection']), { field: 'allTodos', rowType: 'Todo' }],
  ['no table', root(['query', 'Query'], ['node', 'Node']), null],
  ['an all… field that is not a list of rows', root(['allowed', 'Boolean'], ['allTags', 'TagConnection']), { field: 'allTags', rowType: 'Tag' }],
])('%s', (_label, schema, expected) => expect(firstTableField(schema)).toEqual(expected))

it('selects scalar and enum columns, not the node id nor relations', () => {
  const fields: TypeFields = {
    __type: {
      fields: [
        { name: 'nodeId', type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR' } } },
        { name: 'rowId', type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR' } } },
        { name: 'mood', type: { kind: 'ENUM' } },
        { name: 'tags', type: { kind: 'LIST', ofType: { kind: 'SCALAR' } } },
        { name: 'userByOwnerId', type: { kind: 'OBJECT' } },
      ],
    },
  }
  expect(leafFields(fields)).toEqual(['rowId', 'mood'])
})

it('writes a query that names the table and its columns', () => {
  const query = tableQuery('allTodos', ['rowId', 'title'])
  expect(query).toContain('query FirstTodos {')
  expect(query).toMatch(/allTodos\(first: 10\) \{\s+totalCount\s+nodes \{\s+rowId\s+title\s+\}/)
  expect(tableQuery('allEmpties', [])).toContain('__typename')
  expect(NO_TABLE_QUERY).toContain('has no tables yet')
})
