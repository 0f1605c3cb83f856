import { describe, expect, it } from 'vitest'
import { typedRecord, typedValue } from './typed'

describe('typed change values', () => {
  it('makes numbers, booleans and JSON of their text; the rest stays text', () => {
    expect(typedValue('int4', '42')).toBe(42)
    expect(typedValue('int8', '9007199254740993')).toBe('9007199254740993')
    expect(typedValue('numeric', '1.50')).toBe(1.5)
    expect(typedValue('float8', 'NaN')).toBe('NaN')
    expect(typedValue('bool', 't')).toBe(true)
    expect(typedValue('bool', 'f')).toBe(false)
    expect(typedValue('jsonb', '{"a":[1]}')).toEqual({ a: [1] })
    expect(typedValue('timestamptz', '2026-12-02 10:00:00+00')).toBe('2026-12-02 10:00:00+00')
    expect(typedValue('_int4', '{1,2}')).toBe('{1,2}')
    expect(typedValue('int4', null)).toBeNull()
  })

  it('types a tuple by its columns, leaving out what the stream did not send', () => {
    expect(typedRecord({ id: '1', done: 'f', note: null, skipped: undefined }, { id: 'int8', done: 'bool', note: 'text' })).toEqual({ id: 1, done: false, note: null })
  })
})
