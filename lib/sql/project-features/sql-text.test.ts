import { jsonColumn, sqlIdentifier, sqlLiteral, sqlLiteralOrNull, uuidLiteral } from './sql-text'

it.each([
  ['plain', "'plain'"],
  ["it's", "'it''s'"],
  ['a\\b', "E'a\\\\b'"],
  ["'; drop table x; --", "'''; drop table x; --'"],
  ['', "''"],
])('sqlLiteral(%j) is %s', (value, expected) => expect(sqlLiteral(value)).toBe(expected))

it('refuses NUL in literals and names', () => {
  expect(() => sqlLiteral('a\u0000b')).toThrow('must not contain a NUL character')
  expect(() => sqlIdentifier('a\u0000')).toThrow('must not contain a NUL character')
})

it('quotes names always, doubling quotes', () => {
  expect(sqlIdentifier('extensions')).toBe('"extensions"')
  expect(sqlIdentifier('we"ird')).toBe('"we""ird"')
  expect(sqlLiteralOrNull(null)).toBe('null')
})

it('makes uuid literals of uuids only', () => {
  expect(uuidLiteral('0E2F6A8C-1B2C-4D5E-8F90-A1B2C3D4E5F6')).toBe("'0e2f6a8c-1b2c-4d5e-8f90-a1b2c3d4e5f6'::uuid")
  expect(() => uuidLiteral("x'::uuid; drop table vault.secrets; --")).toThrow('Not a secret id')
})

it('reads a JSON column embedded or as text', () => {
  expect(jsonColumn([{ a: [1] }], 'a')).toEqual([1])
  expect(jsonColumn([{ a: '[1]' }], 'a')).toEqual([1])
  expect(jsonColumn([], 'a')).toBeUndefined()
})
