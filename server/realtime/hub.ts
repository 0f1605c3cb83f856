/**
 * The channels of this app copy: who joined which topic of which project, what a broadcast
 * reaches, and each topic's presence; and, through the bus (bus.ts), the same for the other app
 * copies: a broadcast or a presence change here goes to them, theirs come here. A public and a
 * private channel of the same name are two channels, as on Supabase. Members are joined channels
 * of sockets (socket.ts). Presence of the other copies is kept only for channels with members here.
 */
import type { PhoenixMessage, UserBroadcast } from './frames'
import type { BusEnvelope, BusMessage } from './bus'
import { isEmptyDiff, TopicPresence, type PresenceDiff, type PresenceState } from './presence'

export interface Member {
  /** Unique in this app copy: one per joined channel. */
  readonly id: string
  readonly ref: string
  readonly topic: string
  readonly isPrivate: boolean
  /** Whether the member gets its own broadcasts (`config.broadcast.self`). */
  readonly self: boolean
  /** On a private channel: whether its policies let it receive broadcasts and presence (public: yes). */
  readonly readsBroadcast?: boolean
  readonly readsPresence?: boolean
  deliver(message: PhoenixMessage): void
}

type ChannelId = { ref: string; topic: string; isPrivate: boolean }
type Track = { key: string; payload: Record<string, unknown> }

const channelKey = ({ ref, topic, isPrivate }: ChannelId) => `${ref}\u0000${isPrivate ? 'private' : 'public'}\u0000${topic}`
const channelOf = (key: string): ChannelId => {
  const [ref, privacy, topic] = key.split('\u0000')
  return { ref, topic, isPrivate: privacy === 'private' }
}

export class RealtimeHub {
  private readonly channels = new Map<string, Set<Member>>()
  private readonly presences = new Map<string, TopicPresence>()
  /** What each member of this copy tracks, to tell a copy that asks. */
  private readonly tracks = new Map<Member, Track>()
  /** The other copies' members in each channel's presence here: origin → channel → members. */
  private readonly remote = new Map<string, Map<string, Set<string>>>()

  /** `publish`: to the other app copies (the bus), when there is one. */
  constructor(private readonly publish: (message: BusMessage) => void = () => undefined) {}

  join(member: Member): void {
    const key = channelKey(member)
    let members = this.channels.get(key)
    if (!members) {
      this.channels.set(key, (members = new Set()))
      // The first member here: the other copies say who is present there.
      this.publish({ kind: 'presence_sync', ref: member.ref, topic: member.topic, isPrivate: member.isPrivate })
    }
    members.add(member)
  }

  /** The member leaves its channel; what it tracked leaves the others' presence. */
  leave(member: Member): void {
    const key = channelKey(member)
    this.untrack(member)
    const members = this.channels.get(key)
    members?.delete(member)
    if (members?.size === 0) {
      this.channels.delete(key)
      // Nobody here listens: the other copies' presence of it is not kept.
      this.presences.delete(key)
      for (const channels of this.remote.values()) channels.delete(key)
    }
  }

  /** How many members the channel has in this app copy. */
  membersOf(ref: string, topic: string, isPrivate: boolean): number {
    return this.channels.get(channelKey({ ref, topic, isPrivate }))?.size ?? 0
  }

  /** Channels with members here (a bus that reconnects asks the other copies about them again). */
  joinedChannels(): ChannelId[] {
    return [...this.channels.keys()].map(channelOf)
  }

  /** A user broadcast to the channel's members here and in the other copies; `from` gets it only when it asked for its own. */
  broadcast(ref: string, topic: string, isPrivate: boolean, broadcast: UserBroadcast, from?: Member): number {
    this.publish({ kind: 'broadcast', ref, topic, isPrivate, broadcast })
    return this.deliverBroadcast({ ref, topic, isPrivate }, broadcast, from)
  }

  private deliverBroadcast(channel: ChannelId, broadcast: UserBroadcast, from?: Member): number {
    const members = this.channels.get(channelKey(channel))
    if (!members) return 0
    let delivered = 0
    for (const member of members) {
      if ((member === from && !member.self) || member.readsBroadcast === false) continue
      member.deliver({ joinRef: null, ref: null, topic: `realtime:${channel.topic}`, event: 'broadcast', payload: broadcast })
      delivered++
    }
    return delivered
  }

  presenceState(member: Member): PresenceState {
    return this.presences.get(channelKey(member))?.state() ?? {}
  }

  track(member: Member, key: string, payload: Record<string, unknown>): void {
    this.tracks.set(member, { key, payload })
    this.trackAs(channelKey(member), member.id, key, payload)
    this.publish({ kind: 'track', ref: member.ref, topic: member.topic, isPrivate: member.isPrivate, member: member.id, key, payload })
  }

  untrack(member: Member): void {
    if (!this.tracks.delete(member)) return
    this.untrackAs(channelKey(member), member.id)
    this.publish({ kind: 'untrack', ref: member.ref, topic: member.topic, isPrivate: member.isPrivate, member: member.id })
  }

  private trackAs(channel: string, id: string, key: string, payload: Record<string, unknown>) {
    let presence = this.presences.get(channel)
    if (!presence) this.presences.set(channel, (presence = new TopicPresence()))
    const { joins, leaves } = presence.track(id, key, payload)
    // A member's old meta leaves in a diff of its own, before its new one joins: realtime-js,
    // given both for one key in one diff, takes the refs off the metas it keeps, and no later
    // leave finds them (the member would stay present for good).
    this.sendDiff(channel, { joins: {}, leaves })
    this.sendDiff(channel, { joins, leaves: {} })
  }

  private untrackAs(channel: string, id: string) {
    const presence = this.presences.get(channel)
    if (!presence) return
    this.sendDiff(channel, presence.untrack(id))
    if (presence.size === 0) this.presences.delete(channel)
  }

  private sendDiff(channel: string, diff: PresenceDiff) {
    if (isEmptyDiff(diff)) return
    const { topic } = channelOf(channel)
    for (const member of this.channels.get(channel) ?? [])
      if (member.readsPresence !== false) member.deliver({ joinRef: null, ref: null, topic: `realtime:${topic}`, event: 'presence_diff', payload: diff })
  }

  /** What another copy sent (bus.ts). */
  received(message: BusEnvelope): void {
    if (message.kind !== 'broadcast' && message.kind !== 'track' && message.kind !== 'untrack' && message.kind !== 'presence_sync') return
    const channel = channelKey(message)
    if (message.kind === 'presence_sync') {
      // Tell the asking copy who tracks here.
      for (const member of this.channels.get(channel) ?? []) {
        const track = this.tracks.get(member)
        if (track) this.publish({ kind: 'track', ref: member.ref, topic: member.topic, isPrivate: member.isPrivate, member: member.id, ...track })
      }
      return
    }
    if (!this.channels.has(channel)) return
    if (message.kind === 'broadcast') return void this.deliverBroadcast(message, message.broadcast)
    const id = `${message.origin}:${message.member}`
    let channels = this.remote.get(message.origin)
    if (!channels) this.remote.set(message.origin, (channels = new Map()))
    let members = channels.get(channel)
    if (!members) channels.set(channel, (members = new Set()))
    if (message.kind === 'track') {
      members.add(id)
      this.trackAs(channel, id, message.key, message.payload)
    } else {
      members.delete(id)
      this.untrackAs(channel, id)
    }
  }

  /** A copy is gone: its members leave every presence here. */
  peerGone(origin: string): void {
    const channels = this.remote.get(origin)
    this.remote.delete(origin)
    for (const [channel, members] of channels ?? []) for (const id of members) this.untrackAs(channel, id)
  }

  /** The bus lost messages: ask the other copies again who is present in the channels here. */
  resync(): void {
    for (const channel of this.joinedChannels()) this.publish({ kind: 'presence_sync', ...channel })
  }
}
