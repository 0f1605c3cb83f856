import { describe, expect, it } from 'vitest'
import { tokenize } from '../tokens'
import { identifierOf, quoteIdentifier, unquote } from './identifiers'

describe('quoteIdentifier', () => {
  it.each([
    ['orders', 'orders'],
    ['user_id', 'user_id'],
    ['_x$1', '_x$1'],
    ['café', 'café'],
    ['Orders', '"Orders"'],
    ['line items', '"line items"'],
    ['1st', '"1st"'],
    ['user', '"user"'],
    ['order', '"order"'],
    ['select', '"select"'],
    ['say "hi"', '"say ""hi"""'],
    ['', '""'],
  ])('%s → %s', (name, expected) => expect(quoteIdentifier(name)).toBe(expected))

  it('quotes any name when asked (the user opened a quote)', () => expect(quoteIdentifier('orders', true)).toBe('"orders"'))
})

describe('identifierOf', () => {
  const first = (sql: string) => identifierOf(sql, tokenize(sql)[0])
  it.each([
    ['Orders', 'orders'],
    ['ÉTÉ', 'ÉtÉ'], // Postgres folds ASCII letters only
    ['"Orders"', 'Orders'],
    ['"say ""hi"""', 'say "hi"'],
    ['"unfinished', 'unfinished'],
    ["'a string'", null],
    ['(', null],
  ])('%s → %s', (sql, expected) => expect(first(sql)).toBe(expected))

  it('reads an opening quote alone as an empty name', () => expect(unquote('"')).toBe(''))
})
