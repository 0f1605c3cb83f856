import { describe, expect, it } from 'vitest'
import { cleared, emptyLog, MAX_MESSAGES, parsePayload, paused, received, resumed, summaryOf } from './inspector-log'

describe('the inspector log', () => {
  it('lists messages newest first, at most MAX_MESSAGES', () => {
    let log = emptyLog()
    for (let i = 0; i < MAX_MESSAGES + 5; i++) log = received(log, 'broadcast', { event: `e${i}` }, i)
    expect(log.shown).toHaveLength(MAX_MESSAGES)
    expect(log.shown[0].summary).toBe(`Broadcast “e${MAX_MESSAGES + 4}”`)
  })

  it('holds what arrives while paused and shows it in order on resume', () => {
    let log = received(emptyLog(), 'broadcast', { event: 'before' })
    log = paused(log)
    log = received(log, 'broadcast', { event: 'one' })
    log = received(log, 'broadcast', { event: 'two' })
    expect(log.shown.map((m) => m.summary)).toEqual(['Broadcast “before”'])
    expect(log.held).toHaveLength(2)
    log = resumed(log)
    expect(log.shown.map((m) => m.summary)).toEqual(['Broadcast “two”', 'Broadcast “one”', 'Broadcast “before”'])
    expect(log.held).toEqual([])
    expect(cleared(log).shown).toEqual([])
  })

  it('sums up each kind in a line', () => {
    expect(summaryOf('postgres_changes', { eventType: 'INSERT', schema: 'public', table: 'todos' })).toBe('INSERT on public.todos')
    expect(summaryOf('presence', { state: { a: [], b: [] } })).toBe('Presence: 2 keys online')
    expect(summaryOf('presence', { state: { a: [] } })).toBe('Presence: 1 key online')
    expect(summaryOf('system', { status: 'error', message: 'Token has expired' })).toBe('Error: Token has expired')
    expect(summaryOf('system', { status: 'ok', message: 'Subscribed to PostgreSQL' })).toBe('System: Subscribed to PostgreSQL')
  })

  it('reads a payload as JSON, empty as {}', () => {
    expect(parsePayload('')).toEqual({ ok: true, value: {} })
    expect(parsePayload('{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
    expect(parsePayload('{a')).toMatchObject({ ok: false })
  })
})
