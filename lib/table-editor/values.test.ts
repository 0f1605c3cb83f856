import { describe, expect, it } from 'vitest'
import { column } from './test-fixtures'
import { cellText, literalFor } from './values'

const text = column('name', 'text', 'text')
const int = column('n', 'integer', 'number')
const bool = column('ok', 'boolean', 'boolean')
const jsonb = column('doc', 'jsonb', 'json')
const textArray = column('tags', 'text[]', 'array', { elementCategory: 'text' })
const mood = column('mood', 'public.mood', 'enum', { enumValues: ['sad', "it's fine"] })

describe('literalFor', () => {
  it("casts an E'…' literal to the column type, quotes and backslashes doubled", () => {
    // E'…' reads the same whatever standard_conforming_strings says: `\'` cannot end it early.
    expect(literalFor(text, "it's \\ fine")).toBe("E'it''s \\\\ fine'::text")
    expect(literalFor(text, "'; drop table x; --")).toBe("E'''; drop table x; --'::text")
    expect(literalFor(text, "\\'; drop table x; --")).toBe("E'\\\\''; drop table x; --'::text")
    expect(literalFor(mood, "it's fine")).toBe("E'it''s fine'::public.mood")
  })

  it('answers NULL and DEFAULT for those inputs', () => {
    expect(literalFor(text, null)).toBe('NULL')
    expect(literalFor(int, { default: true })).toBe('DEFAULT')
  })

  it('checks numbers, booleans and JSON with a message naming the column', () => {
    expect(literalFor(int, ' 42 ')).toBe("E'42'::integer")
    expect(literalFor(int, '-1.5e3')).toBe("E'-1.5e3'::integer")
    expect(literalFor(column('f', 'double precision', 'number'), 'NaN')).toBe("E'NaN'::double precision")
    expect(() => literalFor(int, 'abc')).toThrow('n: "abc" is not a number')
    expect(() => literalFor(int, '')).toThrow('is not a number')
    expect(literalFor(bool, 'YES')).toBe("E'true'::boolean")
    expect(literalFor(bool, 'f')).toBe("E'false'::boolean")
    expect(() => literalFor(bool, 'maybe')).toThrow('not true or false')
    expect(literalFor(jsonb, '{"a": "b\'c"}')).toBe(`E'{"a": "b''c"}'::jsonb`)
    expect(() => literalFor(jsonb, '{a: 1}')).toThrow('doc: not valid JSON')
  })

  it('takes Postgres array text as it is and turns a JSON array into it', () => {
    expect(literalFor(textArray, '{a,"b c"}')).toBe(`E'{a,"b c"}'::text[]`)
    expect(literalFor(textArray, '["a b", null, "q\\"uote", "back\\\\slash"]')).toBe(`E'{"a b",NULL,"q\\\\"uote","back\\\\\\\\slash"}'::text[]`)
    expect(literalFor(column('grid', 'integer[]', 'array'), '[[1,2],[3,4]]')).toBe(`E'{{"1","2"},{"3","4"}}'::integer[]`)
    expect(literalFor(textArray, '[1:2]={a,b}')).toBe(`E'[1:2]={a,b}'::text[]`)
  })

  it('refuses the NUL character, which Postgres cannot store', () => {
    expect(() => literalFor(text, 'a\u0000b')).toThrow('NUL')
  })
})

describe('cellText', () => {
  it('is null for NULL, JSON text for json columns, the text or number otherwise', () => {
    expect(cellText(text, null)).toBeNull()
    expect(cellText(jsonb, { a: [1, "it's"] })).toBe('{"a":[1,"it\'s"]}')
    expect(cellText(jsonb, 'just a string')).toBe('"just a string"')
    expect(cellText(int, 42)).toBe('42')
    expect(cellText(column('big', 'bigint', 'number'), '9007199254740993')).toBe('9007199254740993')
    expect(cellText(bool, false)).toBe('false')
    expect(cellText(textArray, '{a,"b c"}')).toBe('{a,"b c"}')
  })

  it('reads back into the same literal', () => {
    for (const [c, value] of [
      [jsonb, { nested: { list: [1, null, 'x'] } }],
      [int, -7],
      [bool, true],
      [text, "O'Reilly \\ 🎉"],
    ] as const) {
      const again = cellText(c, value)!
      expect(literalFor(c, again)).toBe(literalFor(c, cellText(c, value)))
      if (c === jsonb) expect(JSON.parse(again)).toEqual(value)
    }
  })
})
