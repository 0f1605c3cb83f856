// @vitest-environment node
import { buildSchema, parse, specifiedRules, validate } from 'graphql'
import * as graphql from 'graphql'
import { MAX_QUERY_DEPTH, MAX_QUERY_FIELDS, queryLimitsRule } from './query-limits'

const schema = buildSchema(`
  type Node { id: ID, child: Node, name: String }
  type Query { node: Node }
`)

const errorsOf = (query: string) => validate(schema, parse(query), [...specifiedRules, queryLimitsRule(graphql)]).map((e) => e.message)

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
])('%s', (_label, query, expected) => expect(errorsOf(query)).toEqual(expected))

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
