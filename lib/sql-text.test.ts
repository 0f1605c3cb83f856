import { containsStatement } from './sql-text'

it.each([
  ['select 1', true],
  ['  \n\t', false],
  [';;', false],
  ['-- only a comment', false],
  ['-- comment\nselect 1', true],
  ['/* a */ /* b /* nested */ still */ ;', false],
  ['/* unterminated', false],
  ['/* a */ x', true],
  ['-', true],
  ['/', true],
  ['-- a\n-- b\n', false],
])('%j → %s', (sql, expected) => expect(containsStatement(sql)).toBe(expected))
