/**
 * The channels of this app copy: who joined which topic of which project, what a broadcast
 * reaches, and each topic's presence. A public and a private channel of the same name are two
 * channels, as on Supabase. Members are joined channels of sockets (socket.ts).
 */
import type { PhoenixMessage, UserBroadcast } from './frames'
import { isEmptyDiff, TopicPresence, type PresenceDiff, type PresenceState } from './presence'

export interface Member {
  /** Unique in this app copy: one per joined channel. */
  readonly id: string
  readonly ref: string
  readonly topic: string
  readonly isPrivate: boolean
  /** Whether the member gets its own broadcasts (`config.broadcast.self`). */
  readonly self: boolean
  deliver(message: PhoenixMessage): void
}

const channelKey = (ref: string, topic: string, isPrivate: boolean) => `${ref}\u0000${isPrivate ? 'private' : 'public'}\u0000${topic}`

export class RealtimeHub {
  private readonly channels = new Map<string, Set<Member>>()
  private readonly presences = new Map<string, TopicPresence>()

  join(member: Member): void {
    const key = channelKey(member.ref, member.topic, member.isPrivate)
    let members = this.channels.get(key)
    if (!members) this.channels.set(key, (members = new Set()))
    members.add(member)
  }

  /** The member leaves its channel; what it tracked leaves the others' presence. */
  leave(member: Member): void {
    const key = channelKey(member.ref, member.topic, member.isPrivate)
    this.untrack(member)
    const members = this.channels.get(key)
    members?.delete(member)
    if (members?.size === 0) this.channels.delete(key)
  }

  /** How many members the channel has in this app copy. */
  membersOf(ref: string, topic: string, isPrivate: boolean): number {
    return this.channels.get(channelKey(ref, topic, isPrivate))?.size ?? 0
  }

  /** A user broadcast to the channel's members; `from` gets it only when it asked for its own. Answers how many got it. */
  broadcast(ref: string, topic: string, isPrivate: boolean, broadcast: UserBroadcast, from?: Member): number {
    const members = this.channels.get(channelKey(ref, topic, isPrivate))
    if (!members) return 0
    let delivered = 0
    for (const member of members) {
      if (member === from && !member.self) continue
      member.deliver({ joinRef: null, ref: null, topic: `realtime:${topic}`, event: 'broadcast', payload: broadcast })
      delivered++
    }
    return delivered
  }

  presenceState(member: Member): PresenceState {
    return this.presences.get(channelKey(member.ref, member.topic, member.isPrivate))?.state() ?? {}
  }

  track(member: Member, key: string, payload: Record<string, unknown>): void {
    const channel = channelKey(member.ref, member.topic, member.isPrivate)
    let presence = this.presences.get(channel)
    if (!presence) this.presences.set(channel, (presence = new TopicPresence()))
    this.sendDiff(channel, member.topic, presence.track(member.id, key, payload))
  }

  untrack(member: Member): void {
    const channel = channelKey(member.ref, member.topic, member.isPrivate)
    const presence = this.presences.get(channel)
    if (!presence) return
    this.sendDiff(channel, member.topic, presence.untrack(member.id))
    if (presence.size === 0) this.presences.delete(channel)
  }

  private sendDiff(channel: string, topic: string, diff: PresenceDiff) {
    if (isEmptyDiff(diff)) return
    for (const member of this.channels.get(channel) ?? []) member.deliver({ joinRef: null, ref: null, topic: `realtime:${topic}`, event: 'presence_diff', payload: diff })
  }
}
