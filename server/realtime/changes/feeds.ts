/**
 * Database changes for the channels of this app copy: one feed per project whose channels bind
 * changes, started by the first and stopped a while after the last leaves. A feed reads its
 * project's change stream (replication.ts), and for each committed change finds the bindings it
 * matches (event, schema, table, filter), asks once per distinct caller whether it may see the
 * row (visibility.ts; the service role sees everything), and sends it to those who may. With RLS
 * on, a DELETE carries only the primary key and goes to every matching binding, as on Supabase:
 * no one can be asked about a row that is gone.
 */
import type { Pgoutput } from 'pg-logical-replication'
import type { Platform } from '../../kernel/platform'
import type { PassedGate } from '../../gateway/types'
import type { Caller } from '../../storage/caller'
import { adminUrlOf } from '../../databases/project-admin'
import { bindingMatches, matchesFilter, parseFilter, type ChangeBinding, type ChangeFilter } from './bindings'
import { openReplication, dropProjectSlot, type ReplicationStream } from './replication'
import { typedRecord } from './typed'
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

/** A stopped feed's slot is kept this long for the next subscriber (a page reload). */
const LINGER_MS = 15_000

type Subscription = { subscriber: ChangeSubscriber; bindings: { binding: ChangeBinding; filter: ChangeFilter | null; id: number }[] }

type Relation = Pgoutput.MessageRelation & { types: Record<string, string>; primaryKey: string[] }

type RawChange = { type: 'INSERT' | 'UPDATE' | 'DELETE'; relation: Relation; tuple: Record<string, unknown> | null; old: Record<string, unknown> | null }

const callerKey = (caller: Caller) => `${caller.role}\u0000${JSON.stringify(caller.claims)}`

class ProjectFeed {
  readonly subscriptions = new Map<string, Subscription>()
  private stream: ReplicationStream | null = null
  private started: Promise<string | null> | null = null
  private linger: NodeJS.Timeout | null = null
  private readonly relations = new Map<number, Relation>()
  private readonly typeNames = new Map<number, string>()
  private queue: Promise<void> = Promise.resolve()
  private transaction: { commitTime: bigint; changes: RawChange[] } | null = null
  readonly checks: VisibilityChecks

  constructor(
    private readonly platform: Platform,
    readonly project: PassedGate['project'],
    private readonly onEnded: (feed: ProjectFeed) => void
  ) {
    this.checks = new VisibilityChecks(platform, project)
  }

  /** Resolves once changes stream: null, or why they cannot. */
  start(): Promise<string | null> {
    if (this.linger) clearTimeout(this.linger)
    this.linger = null
    this.started ??= (async () => {
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
    })().catch((error: Error) => {
      console.warn(`[realtime] the change feed of project ${this.project.ref} could not start:`, error.message)
      return 'Database changes could not be streamed just now; join the channel again in a moment.'
    })
    // A failed start is tried again by the next join.
    void this.started.then((refused) => {
      if (refused) this.started = null
    })
    return this.started
  }

  /** The last subscriber left: the slot goes after a while, unless someone joins meanwhile. */
  idle() {
    if (this.subscriptions.size > 0 || this.linger) return
    this.linger = setTimeout(() => void this.stop().then(() => this.onEnded(this)), LINGER_MS)
    this.linger.unref()
  }

  async stop(): Promise<void> {
    if (this.linger) clearTimeout(this.linger)
    this.linger = null
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

  private receive(message: Pgoutput.Message) {
    switch (message.tag) {
      case 'relation': {
        // Text as it came: this feed types values itself (typed.ts), as Supabase sends them.
        for (const column of message.columns) column.parser = (text: unknown) => text
        const relation = message as Relation
        relation.types = {}
        relation.primaryKey = []
        this.relations.set(message.relationOid, relation)
        this.queue = this.queue.then(() => this.resolveTypes(relation))
        return
      }
      case 'begin':
        this.transaction = { commitTime: message.commitTime as bigint, changes: [] }
        return
      case 'insert':
        this.transaction?.changes.push({ type: 'INSERT', relation: message.relation as Relation, tuple: message.new, old: null })
        return
      case 'update':
        this.transaction?.changes.push({ type: 'UPDATE', relation: message.relation as Relation, tuple: message.new, old: message.old ?? message.key })
        return
      case 'delete':
        this.transaction?.changes.push({ type: 'DELETE', relation: message.relation as Relation, tuple: null, old: message.old ?? message.key })
        return
      case 'commit': {
        const transaction = this.transaction
        this.transaction = null
        if (!transaction || transaction.changes.length === 0) return
        this.queue = this.queue.then(() => this.dispatchAll(transaction)).catch((error) => console.error('[realtime] a change could not be sent:', error))
        return
      }
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

  private async dispatchAll(transaction: { commitTime: bigint; changes: RawChange[] }) {
    const commitTimestamp = new Date(Number(transaction.commitTime / 1000n)).toISOString()
    for (const change of transaction.changes) await this.dispatch(change, commitTimestamp)
  }

  private async dispatch(raw: RawChange, commitTimestamp: string) {
    const { relation } = raw
    const change = { schema: relation.schema, table: relation.name, type: raw.type }
    const matching: { subscriber: ChangeSubscriber; ids: number[] }[] = []
    const record = raw.tuple ? typedRecord(raw.tuple, relation.types) : null
    const old = raw.old ? typedRecord(raw.old, relation.types) : null
    for (const { subscriber, bindings } of this.subscriptions.values()) {
      const ids = bindings
        .filter(({ binding, filter }) => bindingMatches(binding, change) && (!filter || matchesFilter(filter, (record ?? old)!, relation.types)))
        .map(({ id }) => id)
      if (ids.length > 0) matching.push({ subscriber, ids })
    }
    if (matching.length === 0) return
    const columns = relation.columns.map((column) => ({ name: column.name, type: relation.types[column.name] ?? 'text' }))
    const rowSecurity = await this.checks.rowSecurity(relation.relationOid).catch(() => true)
    const payload: PostgresChange = { ...change, commit_timestamp: commitTimestamp, columns, errors: null }
    if (record) payload.record = record
    if (raw.type === 'DELETE') {
      // With RLS on, what was deleted is not for everyone: its key only.
      payload.old_record = rowSecurity ? pick(old ?? {}, relation.primaryKey) : (old ?? {})
      for (const { subscriber, ids } of matching) subscriber.deliverChange(ids, payload)
      return
    }
    if (raw.type === 'UPDATE') payload.old_record = relation.replicaIdentity === 'full' && old ? old : {}
    const key: Record<string, string> = {}
    for (const column of relation.primaryKey) key[column] = String(raw.tuple?.[column] ?? '')
    const decisions = new Map<string, Promise<boolean>>()
    for (const { subscriber, ids } of matching) {
      const caller = subscriber.caller
      if (caller.role === 'service_role') {
        subscriber.deliverChange(ids, payload)
        continue
      }
      const which = callerKey(caller)
      if (!decisions.has(which)) decisions.set(which, this.checks.visible(caller, relation.schema, relation.name, key))
      if (await decisions.get(which)) subscriber.deliverChange(ids, payload)
    }
  }
}

const pick = (record: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]))

export class ChangeFeeds {
  private readonly feeds = new Map<string, ProjectFeed>()
  private readonly bySubscriber = new Map<string, ProjectFeed>()
  private nextId = 1
  constructor(private readonly platform: Platform) {}

  /** Binds `subscriber` to changes once they stream: the bindings' ids in order, or why not. */
  async subscribe(gate: PassedGate, subscriber: ChangeSubscriber, bindings: ChangeBinding[]): Promise<number[] | string> {
    const ref = gate.project.ref
    let feed = this.feeds.get(ref)
    if (!feed) {
      feed = new ProjectFeed(this.platform, gate.project, (ended) => {
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
