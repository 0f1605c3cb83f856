// @vitest-environment node
import { buildSchema, parse, print, specifiedRules, validate } from 'graphql'
import * as graphql from 'graphql'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_QUERY_COST, MAX_QUERY_DEPTH, MAX_QUERY_FIELDS, queryLimitsRule, withDefaultPageSize } from './query-limits'

// The shapes PostGraphile generates: a connection (first / last, nodes and edges lists) and a plain list taking `first`.
const schema = buildSchema(`
  type Node { id: ID, child: Node, name: String, tags: [String], children(first: Int, last: Int, offset: Int): NodeConnection }
  type NodeEdge { node: Node }
  type NodeConnection { totalCount: Int, nodes: [Node]!, edges: [NodeEdge]! }
  type Query { node: Node, allNodes(first: Int, last: Int, offset: Int): NodeConnection, nodeList(first: Int): [Node] }
`)

const errorsOf = (query: string, variables: Record<string, unknown> = {}) =>
  validate(schema, withDefaultPageSize(graphql, schema, parse(query)), [...specifiedRules, queryLimitsRule(graphql, variables)]).map((e) => e.message)

const nested = (depth: number) => `{ ${'node { child { '.repeat(1)}${'child { '.repeat(depth - 3)}name${' }'.repeat(depth - 1)} }`

it.each([
  ['a plain query', '{ node { id name child { name } } }', []],
  ['nesting at the limit', nested(MAX_QUERY_DEPTH), []],
  [
    'nesting beyond the limit',
    nested(MAX_QUERY_DEPTH + 1),
    [`The operation nests ${MAX_QUERY_DEPTH + 1} levels deep; at most ${MAX_QUERY_DEPTH} are allowed.`],
  ],
  ['deep introspection (not counted)', `{ __schema { types { fields { type { ${'ofType { '.repeat(10)}name${' }'.repeat(10)} } } } } }`, []],
  ['a page at the limit', `{ allNodes(first: ${MAX_PAGE_SIZE}) { nodes { id } } }`, []],
  [
    'a page beyond the limit',
    `{ allNodes(first: ${MAX_PAGE_SIZE + 1}) { nodes { id } } }`,
    [`The list allNodes asks for ${MAX_PAGE_SIZE + 1} rows; at most ${MAX_PAGE_SIZE} are allowed per list (\`first\` / \`last\`).`],
  ],
  [
    'the last rows beyond the limit, aliased',
    `{ tail: allNodes(last: 5000) { totalCount } }`,
    [`The list tail: allNodes asks for 5000 rows; at most ${MAX_PAGE_SIZE} are allowed per list (\`first\` / \`last\`).`],
  ],
  ['a plain list beyond the limit', `{ nodeList(first: 1001) { id } }`, [`The list nodeList asks for 1001 rows; at most ${MAX_PAGE_SIZE} are allowed per list (\`first\` / \`last\`).`]],
  ['an explicit null page size', `{ allNodes(first: null) { nodes { id } } }`, [`The list allNodes needs \`first\` or \`last\` (at most ${MAX_PAGE_SIZE} rows).`]],
])('%s', (_label, query, expected) => expect(errorsOf(query)).toEqual(expected))

it('gives every list without first or last the default page size, in fragments too', () => {
  const document = withDefaultPageSize(graphql, schema, parse('{ allNodes { nodes { ...F } } nodeList(first: 3) { id } tail: allNodes(last: 2) { totalCount } } fragment F on Node { children { totalCount } }'))
  const text = print(document)
  expect(text).toContain(`allNodes(first: ${DEFAULT_PAGE_SIZE})`)
  expect(text).toContain('nodeList(first: 3)')
  expect(text).toContain('tail: allNodes(last: 2)')
  expect(text).toContain(`children(first: ${DEFAULT_PAGE_SIZE})`)
})

it('reads a page size from the variables, or their default', () => {
  const query = 'query Q($n: Int = 10) { allNodes(first: $n) { nodes { id } } }'
  expect(errorsOf(query)).toEqual([])
  expect(errorsOf(query, { n: 20 })).toEqual([])
  expect(errorsOf(query, { n: 5000 })).toEqual([`The list allNodes asks for 5000 rows; at most ${MAX_PAGE_SIZE} are allowed per list (\`first\` / \`last\`).`])
  expect(errorsOf(query, { n: null })).toEqual([`The list allNodes needs \`first\` or \`last\` (at most ${MAX_PAGE_SIZE} rows).`])
  expect(errorsOf('query Q($n: Int) { allNodes(first: $n) { nodes { id } } }')).toEqual([
    `The list allNodes needs \`first\` or \`last\` (at most ${MAX_PAGE_SIZE} rows).`,
  ])
})

it('charges each field once per row its lists may read', () => {
  // 1,000 rows of 1,000 children each: far fewer fields than the field limit, a million values.
  const nestedPages = `{ allNodes(first: 1000) { nodes { children(first: 1000) { nodes { id } } } } }`
  expect(errorsOf(nestedPages)).toEqual([expect.stringMatching(new RegExp(`may read \\d+ values .* at most ${MAX_QUERY_COST} are allowed`))])
  // The same through a fragment on the connection type.
  expect(errorsOf(`{ allNodes(first: 1000) { ...C } } fragment C on NodeConnection { nodes { children(first: 1000) { nodes { id } } } }`)).toHaveLength(1)
  // Many aliased lists, each within the page limit, add up too.
  const aliased = Array.from({ length: 200 }, (_, i) => `a${i}: allNodes(first: 500) { nodes { id name } }`).join(' ')
  expect(errorsOf(`{ ${aliased} }`)).toEqual([expect.stringMatching(/may read \d+ values/)])
  expect(errorsOf(`{ allNodes(first: 100) { nodes { children(first: 100) { nodes { id name } } } } }`)).toEqual([])
})

it('counts fields through fragments, each spread again', () => {
  // Ten levels of fragments, each spreading the next twice: 2^10 leaves from a tiny document.
  const fragments = Array.from({ length: 10 }, (_, i) => `fragment F${i} on Node { a: child { ...F${i + 1} } b: child { ...F${i + 1} } }`)
  const query = `{ node { ...F0 } } ${fragments.join(' ')} fragment F10 on Node { name }`
  const errors = errorsOf(query)
  expect(errors.some((message) => message.includes(`at most ${MAX_QUERY_FIELDS} are allowed`))).toBe(true)
})

it('survives a fragment cycle (reported by graphql itself)', () => {
  const errors = errorsOf('{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ...A } }')
  expect(errors.some((message) => message.includes('Cannot spread fragment "A" within itself'))).toBe(true)
})
