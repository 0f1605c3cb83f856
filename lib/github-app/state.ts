/**
 * The `state` of the GitHub app pop-up (SPEC §2): 32 random letters, kept in localStorage with
 * the organization it is for, and checked when GitHub sends the pop-up back. A return whose state
 * is not the one this browser started is refused: it was not asked for here (CSRF).
 */
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

export const STATE_LENGTH = 32
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 4 × 52: bytes at or above it are drawn again, so that every letter is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % LETTERS.length)
/** A pop-up left open longer than this has to be started again. */
export const MAX_AUTHORIZATION_AGE_MS = 30 * 60 * 1000

export type RandomBytes = (count: number) => Uint8Array
const cryptoBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count))

export function generateState(randomBytes: RandomBytes = cryptoBytes): string {
  let state = ''
  while (state.length < STATE_LENGTH) {
    for (const byte of randomBytes(STATE_LENGTH)) {
      if (byte < UNBIASED_LIMIT && state.length < STATE_LENGTH) state += LETTERS[byte % LETTERS.length]
    }
  }
  return state
}

export const isState = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z]{32}$/.test(value)

export type PendingAuthorization = { state: string; slug: string; startedAt: number }

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
const KEY = LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE

/** Starts an authorization for the organization `slug`: a new state replaces any earlier one. */
export function startAuthorization(slug: string, storage: Store = window.localStorage, now = Date.now(), randomBytes?: RandomBytes): PendingAuthorization {
  const pending = { state: generateState(randomBytes), slug, startedAt: now }
  storage.setItem(KEY, JSON.stringify(pending))
  return pending
}

/** The authorization this browser started, or null (none, or what is stored is not one). */
export function readPendingAuthorization(storage: Store = window.localStorage): PendingAuthorization | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null')
    if (!value || typeof value !== 'object') return null
    const { state, slug, startedAt } = value as Record<string, unknown>
    if (!isState(state) || typeof slug !== 'string' || !slug || typeof startedAt !== 'number') return null
    return { state, slug, startedAt }
  } catch {
    return null
  }
}

/** Forgets the authorization: a state is used once. The opener hears of it (storage event). */
export function endAuthorization(storage: Store = window.localStorage) {
  storage.removeItem(KEY)
}

export type StateCheck = { ok: true; slug: string } | { ok: false; reason: 'not-started' | 'mismatch' | 'expired' }

export function checkReturnedState(returned: string | null | undefined, pending: PendingAuthorization | null, now = Date.now()): StateCheck {
  if (!pending) return { ok: false, reason: 'not-started' }
  if (!returned || returned !== pending.state) return { ok: false, reason: 'mismatch' }
  if (now - pending.startedAt > MAX_AUTHORIZATION_AGE_MS || now < pending.startedAt) return { ok: false, reason: 'expired' }
  return { ok: true, slug: pending.slug }
}

export const STATE_PROBLEMS: Record<Exclude<StateCheck, { ok: true }>['reason'], string> = {
  'not-started': 'This browser did not start a GitHub connection, or it was already finished. Start again from the organization’s integrations page.',
  mismatch: 'GitHub sent back a different request than the one started here, so it was not used. Start again from the organization’s integrations page.',
  expired: 'This GitHub connection was started too long ago. Start again from the organization’s integrations page.',
}
