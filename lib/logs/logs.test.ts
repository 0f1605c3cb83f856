import { describe, expect, it } from 'vitest'
import { logsQuery } from '@/lib/api-types/logs'
import { bucketSeconds, bucketStarts, MAX_BUCKETS } from './buckets'
import { boundedStrings, boundedText } from './bounded-text'
import { flattenFields, formatFlatValue } from './flatten'
import { containsPattern } from './like-pattern'
import { LOG_SOURCE_NAMES, LOG_SOURCES, RECORDED_SOURCES, logSource } from './sources'

const HOUR = 3_600_000

describe('log sources', () => {
  it('lists every source of SPEC §3 once, the recorded ones with their metadata fields', () => {
    expect(LOG_SOURCES.map((s) => s.name).sort()).toEqual([...LOG_SOURCE_NAMES].sort())
    for (const name of RECORDED_SOURCES) {
      expect(logSource(name).recorded).toBe(true)
      expect(logSource(name).fields.some((f) => f.path.startsWith('metadata.'))).toBe(true)
    }
    expect(LOG_SOURCES.filter((s) => !s.recorded).map((s) => s.name)).toEqual(
      LOG_SOURCE_NAMES.filter((n) => !(RECORDED_SOURCES as readonly string[]).includes(n))
    )
  })

  it('gives every field a dotted path and a known type', () => {
    for (const source of LOG_SOURCES)
      for (const field of source.fields) {
        expect(field.path).toMatch(/^[a-z_]+(\.[a-z_]+)*$/)
        expect(['string', 'number', 'boolean', 'datetime', 'number[]']).toContain(field.type)
      }
  })
})

describe('flattenFields', () => {
  it('names nested values by dotted path', () => {
    expect(
      flattenFields({ id: '1', metadata: { request: { method: 'GET', headers: { 'x-a': 'b' } }, response: { status_code: 200 }, ok: true, nothing: null } })
    ).toEqual([
      ['id', '1'],
      ['metadata.request.method', 'GET'],
      ['metadata.request.headers.x-a', 'b'],
      ['metadata.response.status_code', 200],
      ['metadata.ok', true],
      ['metadata.nothing', null],
    ])
  })

  it('keeps a list of numbers as one value and indexes other lists', () => {
    expect(flattenFields({ a: [1, 2], b: [{ c: 'x' }, 'y'], e: [], f: {} })).toEqual([
      ['a', [1, 2]],
      ['b.0.c', 'x'],
      ['b.1', 'y'],
      ['e', '[]'],
      ['f', '{}'],
    ])
    expect(formatFlatValue([1, 2])).toBe('[1, 2]')
    expect(formatFlatValue(null)).toBe('null')
  })

  it('stops at a depth, showing the rest as JSON', () => {
    let deep: Record<string, unknown> = { end: 1 }
    for (let i = 0; i < 20; i++) deep = { n: deep }
    const flat = flattenFields(deep)
    expect(flat).toHaveLength(1)
    expect(typeof flat[0][1]).toBe('string')
  })
})

describe('bucketSeconds', () => {
  it.each([
    [HOUR, 60],
    [24 * HOUR, 30 * 60],
    [7 * 24 * HOUR, 3 * 3600],
    [90 * 24 * HOUR, 86400 * 7],
    [10_000, 10],
  ])('a range of %d ms gets buckets of %d s', (range, size) => expect(bucketSeconds(0, range)).toBe(size))

  it('never makes more than MAX_BUCKETS bars, however long the range', () => {
    for (const range of [91 * 24 * HOUR, 400 * 24 * HOUR, Date.parse('9999-12-31T00:00:00Z')]) {
      const size = bucketSeconds(0, range)
      expect(size % (7 * 86400)).toBe(0)
      expect(bucketStarts(0, range, size).length).toBeLessThanOrEqual(MAX_BUCKETS)
    }
  })

  it('never makes more than MAX_BUCKETS bars for ranges up to 90 days', () => {
    for (const range of [1, 60_000, HOUR, 5 * HOUR, 3 * 24 * HOUR, 28 * 24 * HOUR]) {
      const size = bucketSeconds(0, range)
      expect(bucketStarts(0, range, size).length).toBeLessThanOrEqual(MAX_BUCKETS)
    }
  })
})

describe('containsPattern', () => {
  it.each([
    ['abc', '%abc%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%s → %s', (text, pattern) => expect(containsPattern(text)).toBe(pattern))
})

describe('logsQuery', () => {
  it('defaults to edge_logs and 100 rows', () => {
    expect(logsQuery.parse({})).toMatchObject({ source: 'edge_logs', limit: 100 })
  })
  it.each([
    [{ start: '2025-01-01' }],
    [{ start: '2025-01-01T00:00:00Z', end: '2024-12-31T00:00:00Z' }],
    [{ search: 'a\u0000' }],
    [{ limit: '1001' }],
    [{ before: '1.x' }],
  ])('refuses %j', (query) => expect(logsQuery.safeParse(query).success).toBe(false))
})

describe('boundedText', () => {
  const emoji = '\u{1F600}'

  it('keeps short text as it is', () => expect(boundedText(`ok ${emoji}`, 10)).toBe(`ok ${emoji}`))

  it('cuts at the limit without splitting a character', () => {
    const text = 'x'.repeat(9) + emoji + 'tail'
    expect(boundedText(text, 10)).toBe('x'.repeat(9))
    expect(boundedText(text, 11)).toBe('x'.repeat(9) + emoji)
    expect(JSON.stringify(boundedText(text, 10))).not.toMatch(/\\ud83d/i)
  })

  it('replaces lone surrogates and NUL, which Postgres refuses in JSON', () => {
    expect(boundedText('a\uD83Db\uDE00c\u0000d', 100)).toBe('a\uFFFDb\uFFFDc\uFFFDd')
  })

  it('bounds every string of a value, by key where a limit is named', () => {
    const bounded = boundedStrings({ detail: 'd'.repeat(50), other: 'o'.repeat(50), nested: { hint: 'h'.repeat(50), list: ['l'.repeat(50), 3] }, n: 1, z: null }, { detail: 20, hint: 15 }, 10)
    expect(bounded).toEqual({ detail: 'd'.repeat(20), other: 'o'.repeat(10), nested: { hint: 'h'.repeat(15), list: ['l'.repeat(10), 3] }, n: 1, z: null })
  })

  it('gives a key named like an object property no special limit', () => {
    expect(boundedStrings({ constructor: 'c'.repeat(50) }, {}, 12)).toEqual({ constructor: 'c'.repeat(12) })
  })
})
