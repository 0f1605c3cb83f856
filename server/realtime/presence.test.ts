import { describe, expect, it } from 'vitest'
import { Presence } from '@supabase/phoenix'
import { isEmptyDiff, TopicPresence } from './presence'

describe('presence of a topic', () => {
  it('tracks members under keys, one meta each', () => {
    const presence = new TopicPresence()
    presence.track('m1', 'alice', { online: 1 })
    presence.track('m2', 'alice', { online: 2 })
    presence.track('m3', 'bob', {})
    const state = presence.state()
    expect(Object.keys(state).sort()).toEqual(['alice', 'bob'])
    expect(state.alice.metas.map((m) => m.online)).toEqual([1, 2])
    expect(presence.size).toBe(3)
  })

  it('replaces a member meta when it tracks again: the old leaves as the new joins', () => {
    const presence = new TopicPresence()
    const first = presence.track('m1', 'alice', { status: 'away' })
    const diff = presence.track('m1', 'alice', { status: 'here' })
    expect(diff.leaves.alice.metas).toEqual([first.joins.alice.metas[0]])
    expect(diff.joins.alice.metas[0]).toMatchObject({ status: 'here' })
    expect(presence.state().alice.metas).toHaveLength(1)
  })

  it('changes nothing when a member tracks the same key and payload again', () => {
    const presence = new TopicPresence()
    const first = presence.track('m1', 'alice', { status: 'here' })
    expect(isEmptyDiff(presence.track('m1', 'alice', { status: 'here' }))).toBe(true)
    expect(presence.state().alice.metas).toEqual(first.joins.alice.metas)
  })

  it('untracks a member; nothing to untrack is an empty diff', () => {
    const presence = new TopicPresence()
    presence.track('m1', 'alice', {})
    const diff = presence.untrack('m1')
    expect(Object.keys(diff.leaves)).toEqual(['alice'])
    expect(presence.state()).toEqual({})
    expect(isEmptyDiff(presence.untrack('m1'))).toBe(true)
  })

  it("gives state and diffs the Phoenix client's presence (realtime-js's) reads", () => {
    const presence = new TopicPresence()
    presence.track('m1', 'alice', { n: 1 })
    let client = Presence.syncState({}, presence.state(), () => undefined, () => undefined)
    client = Presence.syncDiff(client, presence.track('m2', 'bob', { n: 2 }) as never, () => undefined, () => undefined)
    client = Presence.syncDiff(client, presence.untrack('m1') as never, () => undefined, () => undefined)
    expect(Object.keys(client)).toEqual(['bob'])
    expect(client.bob.metas[0]).toMatchObject({ n: 2 })
    expect(client).toEqual(presence.state())
  })
})
