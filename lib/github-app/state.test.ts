import { describe, expect, it } from 'vitest'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import {
  checkReturnedState,
  endAuthorization,
  generateState,
  isState,
  MAX_AUTHORIZATION_AGE_MS,
  readPendingAuthorization,
  startAuthorization,
  STATE_LENGTH,
} from './state'
import { POPUP_HEIGHT, POPUP_WIDTH, popupFeatures, withState } from './popup'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items }
}

describe('generateState', () => {
  it('is 32 letters, different each time', () => {
    const states = new Set(Array.from({ length: 200 }, () => generateState()))
    expect(states.size).toBe(200)
    for (const state of states) {
      expect(state).toHaveLength(STATE_LENGTH)
      expect(state).toMatch(/^[A-Za-z]{32}$/)
      expect(isState(state)).toBe(true)
    }
  })

  it('draws again for bytes that would favour some letters', () => {
    // 208..255 would map onto the first 48 letters a fifth time: they are skipped.
    let call = 0
    const bytes = (count: number) => new Uint8Array(count).fill(call++ === 0 ? 255 : 1)
    expect(generateState(bytes)).toBe('B'.repeat(32))
    expect(call).toBe(2)
  })

  it.each([['short', 'abc'], ['digits', '1'.repeat(32)], ['33 letters', 'a'.repeat(33)], ['not text', 42]])('isState refuses %s', (_, value) => {
    expect(isState(value)).toBe(false)
  })
})

describe('the pending authorization', () => {
  it('is stored under its key with the organization, and ends once used', () => {
    const storage = memoryStorage()
    const pending = startAuthorization('acme', storage, 1000)
    expect(JSON.parse(storage.items.get(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE)!)).toEqual(pending)
    expect(readPendingAuthorization(storage)).toEqual({ state: pending.state, slug: 'acme', startedAt: 1000 })
    endAuthorization(storage)
    expect(readPendingAuthorization(storage)).toBeNull()
  })

  it.each([['garbage', '{nope'], ['another shape', '{"state":"short","slug":"acme","startedAt":1}'], ['no slug', JSON.stringify({ state: 'a'.repeat(32), startedAt: 1 })]])(
    'reads %s as none',
    (_, raw) => {
      const storage = memoryStorage()
      storage.setItem(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE, raw)
      expect(readPendingAuthorization(storage)).toBeNull()
    }
  )
})

describe('checkReturnedState', () => {
  const pending = { state: 'A'.repeat(32), slug: 'acme', startedAt: 10_000 }
  it.each([
    ['the same state', pending.state, pending, 20_000, { ok: true, slug: 'acme' }],
    ['nothing started', pending.state, null, 20_000, { ok: false, reason: 'not-started' }],
    ['another state', 'B'.repeat(32), pending, 20_000, { ok: false, reason: 'mismatch' }],
    ['no state', null, pending, 20_000, { ok: false, reason: 'mismatch' }],
    ['a state of another case', 'a'.repeat(32), pending, 20_000, { ok: false, reason: 'mismatch' }],
    ['too late', pending.state, pending, 10_000 + MAX_AUTHORIZATION_AGE_MS + 1, { ok: false, reason: 'expired' }],
  ])('%s', (_, returned, stored, now, expected) => {
    expect(checkReturnedState(returned, stored, now)).toEqual(expected)
  })
})

describe('the pop-up', () => {
  it('is 600 × 800, centred on the window', () => {
    expect(POPUP_WIDTH).toBe(600)
    expect(POPUP_HEIGHT).toBe(800)
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 1000 })).toBe('popup=yes,width=600,height=800,left=500,top=150')
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 500 })).toBe('popup=yes,width=600,height=800,left=0,top=0')
  })

  it('goes to GitHub with the state and the way back', () => {
    const url = new URL(withState('https://github.com/login/oauth/authorize?client_id=Iv1.abc', 'S'.repeat(32), 'https://dash.example/integrations/github/authorize'))
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'Iv1.abc', state: 'S'.repeat(32), redirect_uri: 'https://dash.example/integrations/github/authorize' })
  })
})
