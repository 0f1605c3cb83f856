import { describe, expect, it } from 'vitest'
import { Presence } from '@supabase/phoenix'
import PresenceAdapter from '@supabase/realtime-js/dist/main/phoenix/presenceAdapter'
import { RealtimeHub, type Member } from './hub'
import type { PhoenixMessage } from './frames'
import type { PresenceDiff } from './presence'

/** A client's presence as realtime-js keeps it: Phoenix's, with realtime-js's own join and leave callbacks. */
function clientPresence() {
  let state = {}
  const onJoin = (key: string, current: unknown, joined: unknown) => void PresenceAdapter.onJoinPayload(key, current as never, joined as never)
  const onLeave = (key: string, current: unknown, left: unknown) => void PresenceAdapter.onLeavePayload(key, current as never, left as never)
  const member: Member = {
    id: 'client',
    ref: 'ref',
    topic: 'room',
    isPrivate: false,
    self: false,
    deliver(message: PhoenixMessage) {
      if (message.event === 'presence_diff') state = Presence.syncDiff(state, message.payload as PresenceDiff as never, onJoin, onLeave)
    },
  }
  return { member, keys: () => Object.keys(PresenceAdapter.transformState(state as never)) }
}

const envelope = (message: Record<string, unknown>) => ({ ref: 'ref', topic: 'room', isPrivate: false, origin: 'copy-a', ...message }) as never

describe("a channel's presence from another app copy", () => {
  it("leaves a realtime-js client's state once the member leaves, after it tracked again and was told twice", () => {
    const hub = new RealtimeHub()
    const client = clientPresence()
    hub.join(client.member)
    hub.received(envelope({ kind: 'track', member: 'm1', key: 'ay', payload: { from: 'a' } }))
    // The same track again (the other copy answering a presence_sync), then a new payload.
    hub.received(envelope({ kind: 'track', member: 'm1', key: 'ay', payload: { from: 'a' } }))
    hub.received(envelope({ kind: 'track', member: 'm1', key: 'ay', payload: { from: 'a', status: 'busy' } }))
    expect(client.keys()).toEqual(['ay'])
    hub.received(envelope({ kind: 'untrack', member: 'm1' }))
    expect(client.keys()).toEqual([])
  })
})
