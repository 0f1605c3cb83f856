/**
 * Database changes for the channels of this app copy: one feed per project whose channels bind
 * changes, started by the first and stopped a while after the last leaves. One app copy at a time
 * decodes a project's changes (its slot, replication.ts): that copy sends each change over the bus
 * to the others (bus.ts) when there are any, and each copy matches it against its own bindings
 * (event, schema), asks once per distinct caller what it may see of it (visibility.ts: its
 * columns, and the row as it selects it) and sends that to those who may (`dispatch` has the
 * rules). A copy whose project is decoded elsewhere follows: it says it is interested every 10 s
 * (the decoding copy goes on while anyone is), and takes the slot over when it is free (the
 * decoding copy stopped or died).
 */
import type { Pgoutput } from 'pg-logical-replication'
import type { Platform } from '../../kernel/platform'
import type { PassedGate } from '../../gateway/types'
import type { Caller } from '../../storage/caller'
import { adminUrlOf } from '../../databases/project-admin'
import type { BusChange, BusEnvelope, BusMessage } from '../bus'
import { bindingMatches, matchesFilter, parseFilter, type ChangeBinding, type ChangeFilter } from './bindings'
import { ANOTHER_COPY_MESSAGE, openReplication, dropProjectSlot, type ReplicationStream } from './replication'
import { typedRecord, typedValue } from './typed'
import { VisibilityChecks } from './visibility'

export type { ChangeBinding } from './bindings'

export type PostgresChange = {
  schema: string
  table: string
  commit_timestamp: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  columns: { name: string; type: string }[]
  record?: Record<string, unknown>
  old_record?: Record<string, unknown>
  errors: string[] | null
}

export interface ChangeSubscriber {
  readonly id: string
  readonly caller: Caller
  deliverChange(ids: number[], change: PostgresChange): void
  system(extension: string, status: 'ok' | 'error', message: string): void
}

export type ChangeBus = { publish(message: BusMessage): void; hasPeers(): boolean }

/** A stopped feed's slot is kept this long for the next subscriber (a page reload). */
const LINGER_MS = 15_000
/** A following copy says it is interested this often; the decoding copy goes on while it heard so lately. */
const INTEREST_MS = 10_000
const INTEREST_HELD_MS = 30_000
/** How often a following copy tries to take the slot over. */
const TAKEOVER_MS = 5_000

type Subscription = { subscriber: ChangeSubscriber; bindings: { binding: ChangeBinding; filter: ChangeFilter | null; id: number }[] }

type Relation = Pgoutput.MessageRelation & { types: Record<string, string>; primaryKey: string[] }

type RawChange = { type: 'INSERT' | 'UPDATE' | 'DELETE'; relation: Relation; tuple: Record<string, unknown> | null; old: Record<string, unknown> | null }

const callerKey = (caller: Caller) => `${caller.role}\u0000${JSON.stringify(caller.claims)}`
const pick = (record: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]))

class ProjectFeed {
  readonly subscriptions = new Map<string, Subscription>()
  private stream: ReplicationStream | null = null
  private started: Promise<string | null> | null = null
  private linger: NodeJS.Timeout | null = null
  /** While another copy decodes: the interest and takeover timers. */
  private following: NodeJS.Timeout[] = []
  private lastInterest = 0
  private readonly typeNames = new Map<number, string>()
  /** Changes from the other copies, in the order they came. */
  private queue: Promise<void> = Promise.resolve()
  /** The commit time of the transaction being streamed. */
  private commitTime = 0n
  readonly checks: VisibilityChecks

  constructor(
    private readonly platform: Platform,
    private readonly bus: ChangeBus,
    readonly project: PassedGate['project'],
    private readonly onEnded: (feed: ProjectFeed) => void
  ) {
    this.checks = new VisibilityChecks(platform, project)
  }

  /** Resolves once changes reach this copy (decoded here, or by the copy that decodes them): null, or why they cannot. */
  start(): Promise<string | null> {
    if (this.linger) clearTimeout(this.linger)
    this.linger = null
    this.started ??= this.decode().then((refused) => {
      if (refused !== ANOTHER_COPY_MESSAGE) return refused
      this.follow()
      return null
    })
    // A failed start is tried again by the next join.
    void this.started.then((refused) => {
      if (refused) this.started = null
    })
    return this.started
  }

  /** Takes the project's slot and decodes here; or says why not (another copy holds it). */
  private async decode(): Promise<string | null> {
    try {
      const adminUrl = adminUrlOf(this.platform, this.project.region)
      if (!adminUrl) return 'Database changes stream from servers the platform manages.'
      const stream = await openReplication(
        adminUrl,
        this.project.ref,
        (message) => this.receive(message),
        (error) => this.failed(error)
      )
      if (typeof stream === 'string') return stream
      this.stream = stream
      return null
    } catch (error) {
      const message = (error as Error).message
      console.warn(`[realtime] the change feed of project ${this.project.ref} could not start:`, message)
      // 53400: the server's max_replication_slots are all taken (a slot per project with subscribers).
      if ((error as { code?: string }).code === '53400' || /replication slots are in use/.test(message))
        return "Database changes cannot stream just now: every replication slot of the project's server is in use (max_replication_slots). Try again later."
      return 'Database changes could not be streamed just now; join the channel again in a moment.'
    }
  }

  private follow() {
    const ref = this.project.ref
    this.bus.publish({ kind: 'interest', ref })
    const interest = setInterval(() => this.bus.publish({ kind: 'interest', ref }), INTEREST_MS)
    const takeover = setInterval(() => {
      void this.decode().then((refused) => {
        if (refused === null) this.unfollow()
      })
    }, TAKEOVER_MS)
    interest.unref()
    takeover.unref()
    this.following = [interest, takeover]
  }

  private unfollow() {
    for (const timer of this.following) clearInterval(timer)
    this.following = []
  }

  /** Another copy binds this project's changes: this copy, decoding them, goes on. */
  interested() {
    this.lastInterest = Date.now()
  }

  /** The last subscriber here left: the slot goes after a while, unless someone joins meanwhile, or another copy still listens. */
  idle() {
    if (this.subscriptions.size > 0 || this.linger) return
    const wait = () => {
      this.linger = setTimeout(() => {
        this.linger = null
        if (this.subscriptions.size > 0) return
        if (this.stream && Date.now() - this.lastInterest < INTEREST_HELD_MS) return wait()
        void this.stop().then(() => this.onEnded(this))
      }, LINGER_MS)
      this.linger.unref()
    }
    wait()
  }

  async stop(): Promise<void> {
    if (this.linger) clearTimeout(this.linger)
    this.linger = null
    this.unfollow()
    const started = this.started
    this.started = null
    await started?.catch(() => undefined)
    const stream = this.stream
    this.stream = null
    await stream?.stop()
    await this.checks.end()
    const adminUrl = adminUrlOf(this.platform, this.project.region)
    if (adminUrl && stream) await dropProjectSlot(adminUrl, this.project.ref).catch((error: Error) => console.warn(`[realtime] the slot of project ${this.project.ref} stays:`, error.message))
  }

  private failed(error: Error) {
    console.warn(`[realtime] the change feed of project ${this.project.ref} ended:`, error.message)
    for (const { subscriber } of this.subscriptions.values())
      subscriber.system('postgres_changes', 'error', 'The stream of database changes ended (the server restarted, or it fell too far behind); changes meanwhile may be missing. It starts again by itself.')
    void this.stop().then(() => {
      if (this.subscriptions.size > 0) void this.start()
      else this.onEnded(this)
    })
  }

  /**
   * One message of the stream, awaited before the next (the stream pauses meanwhile): pgoutput
   * sends a transaction only once committed, so each change goes out as it comes, with its
   * transaction's commit time, and nothing of a large transaction is held here.
   */
  private async receive(message: Pgoutput.Message): Promise<void> {
    switch (message.tag) {
      case 'relation': {
        const relation = message as Relation
        relation.types = {}
        relation.primaryKey = []
        await this.resolveTypes(relation)
        return
      }
      case 'begin':
        this.commitTime = message.commitTime as bigint
        return
      case 'insert':
        return this.decoded({ type: 'INSERT', relation: message.relation as Relation, tuple: message.new, old: null })
      case 'update':
        return this.decoded({ type: 'UPDATE', relation: message.relation as Relation, tuple: message.new, old: message.old ?? message.key })
      case 'delete':
        return this.decoded({ type: 'DELETE', relation: message.relation as Relation, tuple: null, old: message.old ?? message.key })
    }
  }

  private async resolveTypes(relation: Relation) {
    const missing = relation.columns.map((c) => c.typeOid).filter((oid) => !this.typeNames.has(oid))
    if (missing.length > 0) {
      try {
        for (const [oid, name] of await this.checks.typeNames(missing)) this.typeNames.set(oid, name)
      } catch {
        // Named as text until the next relation message: values still arrive.
      }
    }
    for (const column of relation.columns) relation.types[column.name] = this.typeNames.get(column.typeOid) ?? column.typeName ?? 'text'
    relation.primaryKey = await this.checks.primaryKey(relation.relationOid).catch(() => [])
  }

  /** A change decoded here: to the other copies, then to this copy's subscribers. */
  private async decoded(raw: RawChange) {
    const { relation } = raw
    const key: Record<string, string> = {}
    for (const column of relation.primaryKey) key[column] = String((raw.tuple ?? raw.old)?.[column] ?? '')
    const change: BusChange = {
      schema: relation.schema,
      table: relation.name,
      type: raw.type,
      commit_timestamp: new Date(Number(this.commitTime / 1000n)).toISOString(),
      columns: relation.columns.map((column) => ({ name: column.name, type: relation.types[column.name] ?? 'text' })),
      record: raw.tuple ? typedRecord(raw.tuple, relation.types) : null,
      old: raw.old ? typedRecord(raw.old, relation.types) : null,
      key,
      primaryKey: relation.primaryKey,
      replicaIdentity: relation.replicaIdentity,
      relationOid: relation.relationOid,
    }
    if (this.bus.hasPeers()) this.bus.publish({ kind: 'change', ref: this.project.ref, change })
    await this.dispatch(change).catch((error) => console.error('[realtime] a change could not be sent:', error))
  }

  /** A change decoded here or by another copy, to this copy's subscribers whose bindings match. */
  fromBus(change: BusChange) {
    this.queue = this.queue.then(() => this.dispatch(change)).catch((error) => console.error('[realtime] a change could not be sent:', error))
  }

  /**
   * To each subscriber whose bindings match, what its caller may see of the change (Supabase's
   * rules, tightened): only the columns its role may select, nothing when it may select none; an
   * INSERT or UPDATE only when its grants and policies let it select the row, and the row it
   * selects is still the one changed (a row changed again since cannot be checked in its earlier
   * state); with RLS on, an UPDATE's and a DELETE's old row is its key only. A filter applies only
   * to a column the caller may select, and not to a DELETE (the values of a row the caller cannot
   * be asked about are not its to test). The service role bypasses RLS, not grants.
   */
  private async dispatch(change: BusChange) {
    const types = Object.fromEntries(change.columns.map((c) => [c.name, c.type]))
    const candidates: { subscriber: ChangeSubscriber; bindings: Subscription['bindings'] }[] = []
    for (const { subscriber, bindings } of this.subscriptions.values()) {
      const matched = bindings.filter(({ binding }) => bindingMatches(binding, change))
      if (matched.length > 0) candidates.push({ subscriber, bindings: matched })
    }
    if (candidates.length === 0) return
    const rowSecurity = await this.checks.rowSecurity(change.relationOid).catch(() => true)
    const seen = new Map<string, Promise<{ columns: Set<string>; payload: PostgresChange } | null>>()
    for (const { subscriber, bindings } of candidates) {
      const which = callerKey(subscriber.caller)
      if (!seen.has(which)) seen.set(which, this.seenBy(subscriber.caller, change, types, rowSecurity).catch(() => null))
      const view = await seen.get(which)
      if (!view) continue
      const ids = bindings
        .filter(({ filter }) => !filter || (change.type !== 'DELETE' && view.columns.has(filter.column) && matchesFilter(filter, change.record ?? {}, types)))
        .map(({ id }) => id)
      if (ids.length > 0) subscriber.deliverChange(ids, view.payload)
    }
  }

  /** What `caller` may see of `change`: the columns and the payload, or null for nothing. */
  private async seenBy(caller: Caller, change: BusChange, types: Record<string, string>, rowSecurity: boolean) {
    const columns = await this.checks.selectableColumns(caller.role, change.relationOid)
    if (columns.size === 0) return null
    const keyOnly = (record: Record<string, unknown> | null) => pick(record ?? {}, change.primaryKey.filter((c) => columns.has(c)))
    const payload: PostgresChange = {
      schema: change.schema,
      table: change.table,
      type: change.type,
      commit_timestamp: change.commit_timestamp,
      columns: change.columns.filter((c) => columns.has(c.name)),
      errors: null,
    }
    if (change.type === 'DELETE') {
      payload.old_record = rowSecurity ? keyOnly(change.old) : pick(change.old ?? {}, [...columns])
      return { columns, payload }
    }
    const record = pick(change.record ?? {}, [...columns])
    if (caller.role !== 'service_role') {
      const current = await this.checks.currentRow(caller, change.schema, change.table, change.key, Object.keys(record))
      if (!current) return null
      const same = Object.entries(record).every(([name, value]) => JSON.stringify(typedValue(types[name] ?? 'text', current[name] ?? null)) === JSON.stringify(value))
      if (!same) return null
    }
    payload.record = record
    if (change.type === 'UPDATE') payload.old_record = !change.old ? {} : rowSecurity ? keyOnly(change.old) : change.replicaIdentity === 'full' ? pick(change.old, [...columns]) : {}
    return { columns, payload }
  }
}

export class ChangeFeeds {
  private readonly feeds = new Map<string, ProjectFeed>()
  private readonly bySubscriber = new Map<string, ProjectFeed>()
  private nextId = 1
  constructor(
    private readonly platform: Platform,
    private readonly bus: ChangeBus
  ) {}

  /** Binds `subscriber` to changes once they reach this copy: the bindings' ids in order, or why not. */
  async subscribe(gate: PassedGate, subscriber: ChangeSubscriber, bindings: ChangeBinding[]): Promise<number[] | string> {
    const ref = gate.project.ref
    let feed = this.feeds.get(ref)
    if (!feed) {
      feed = new ProjectFeed(this.platform, this.bus, gate.project, (ended) => {
        if (this.feeds.get(ref) === ended) this.feeds.delete(ref)
      })
      this.feeds.set(ref, feed)
    }
    const withIds = bindings.map((binding) => {
      const filter = binding.filter ? parseFilter(binding.filter) : null
      return { binding, filter: typeof filter === 'string' ? null : filter, id: this.nextId++ }
    })
    feed.subscriptions.set(subscriber.id, { subscriber, bindings: withIds })
    this.bySubscriber.set(subscriber.id, feed)
    const refused = await feed.start()
    if (refused) {
      this.unsubscribe(subscriber)
      return refused
    }
    return withIds.map(({ id }) => id)
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    const feed = this.bySubscriber.get(subscriber.id)
    if (!feed) return
    this.bySubscriber.delete(subscriber.id)
    feed.subscriptions.delete(subscriber.id)
    feed.idle()
  }

  /** A subscriber's caller changed (a new access token): its next changes are checked as the new one. */
  recheck(_subscriber: ChangeSubscriber): void {}

  /** What another copy sent: a change it decoded, or its interest in a project this copy decodes. */
  received(message: BusEnvelope): void {
    if (message.kind === 'change') this.feeds.get(message.ref)?.fromBus(message.change)
    else if (message.kind === 'interest') this.feeds.get(message.ref)?.interested()
  }

  /** The project's feed ends and its slot goes (before its database is paused, dropped or replaced). */
  async release(ref: string, region: string | null): Promise<void> {
    const feed = this.feeds.get(ref)
    this.feeds.delete(ref)
    if (feed) {
      for (const id of feed.subscriptions.keys()) this.bySubscriber.delete(id)
      feed.subscriptions.clear()
      await feed.stop()
    }
    // A slot of a killed app copy would keep the database from being dropped.
    const adminUrl = region ? adminUrlOf(this.platform, region) : null
    if (adminUrl) await dropProjectSlot(adminUrl, ref).catch(() => undefined)
  }

  async close(): Promise<void> {
    await Promise.all([...this.feeds.keys()].map((ref) => this.release(ref, null)))
  }
}
