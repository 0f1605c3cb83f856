/**
 * Presence of one channel topic, as Phoenix tracks it and realtime-js's RealtimePresence reads it:
 * a state `{ [key]: { metas: [{ phx_ref, …payload }] } }`, one meta per member (a joined channel)
 * that tracks under the key, and diffs `{ joins, leaves }` in the same shape. A member that tracks
 * again replaces its meta: its old one leaves as its new one joins (the hub sends the two apart);
 * the same payload again changes nothing.
 */
import { randomBytes } from 'node:crypto'

export type PresenceMeta = Record<string, unknown> & { phx_ref: string }
export type PresenceState = Record<string, { metas: PresenceMeta[] }>
export type PresenceDiff = { joins: PresenceState; leaves: PresenceState }

const newRef = () => randomBytes(9).toString('base64url')

const add = (state: PresenceState, key: string, meta: PresenceMeta) => {
  ;(state[key] ??= { metas: [] }).metas.push(meta)
}

export class TopicPresence {
  /** key → member → its meta. */
  private readonly keys = new Map<string, Map<string, PresenceMeta>>()
  /** member → the key it tracks under. */
  private readonly members = new Map<string, string>()

  get size(): number {
    return this.members.size
  }

  state(): PresenceState {
    const state: PresenceState = {}
    for (const [key, metas] of this.keys) for (const meta of metas.values()) add(state, key, meta)
    return state
  }

  track(member: string, key: string, payload: Record<string, unknown>): PresenceDiff {
    // The same again (another copy answering a presence sync): nothing changes.
    if (this.members.get(member) === key && samePayload(this.keys.get(key)!.get(member)!, payload)) return { joins: {}, leaves: {} }
    const diff = this.untrack(member)
    const meta: PresenceMeta = { ...payload, phx_ref: newRef() }
    let metas = this.keys.get(key)
    if (!metas) this.keys.set(key, (metas = new Map()))
    metas.set(member, meta)
    this.members.set(member, key)
    add(diff.joins, key, meta)
    return diff
  }

  /** The member's meta leaves (an empty diff when it tracks nothing). */
  untrack(member: string): PresenceDiff {
    const diff: PresenceDiff = { joins: {}, leaves: {} }
    const key = this.members.get(member)
    if (key === undefined) return diff
    this.members.delete(member)
    const metas = this.keys.get(key)!
    add(diff.leaves, key, metas.get(member)!)
    metas.delete(member)
    if (metas.size === 0) this.keys.delete(key)
    return diff
  }
}

function samePayload(meta: PresenceMeta, payload: Record<string, unknown>): boolean {
  const { phx_ref: _ref, ...kept } = meta
  return JSON.stringify(kept) === JSON.stringify(payload)
}

export const isEmptyDiff = (diff: PresenceDiff) => Object.keys(diff.joins).length === 0 && Object.keys(diff.leaves).length === 0
