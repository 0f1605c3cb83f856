/**
 * Whether a subscriber may see a changed row, asked as the subscriber, as Supabase's realtime
 * does: in a read-only transaction that takes its role and JWT claims (as PostgREST does), a
 * `select` of the row by its primary key, so the table's grants and RLS policies decide. A small
 * pool per project logs in as the project's data API login `p_<ref>_api` (a member of anon,
 * authenticated and service_role only). It also reads the catalog facts a change needs: its
 * columns' type names, whether the table has RLS on.
 */
import pg from 'pg'
import type { Platform } from '../../kernel/platform'
import type { GatedProject } from '../../gateway/types'
import { adminUrlOf } from '../../databases/project-admin'
import { ownerRoleOf } from '../../databases/role-names'
import { ensureApiLogin } from '../../data-api/roles'
import type { Caller } from '../../storage/caller'

type Extension = 'broadcast' | 'presence'
/** What a caller may read and write on a private channel. */
export type ChannelAccess = { read: Record<Extension, boolean>; write: Record<Extension, boolean> }

const POOL_SIZE = 2
/** Grants change rarely: a table's selectable columns are asked again after this long. */
const COLUMN_CACHE_MS = 5_000
const IDLE_MS = 10_000

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The rest of the transaction runs as `caller`, as PostgREST runs a request: its role, claims and timeout (and the private channel's topic, for realtime.topic()). */
const asCaller = (client: pg.PoolClient, caller: Caller, topic = '') =>
  client.query(
    `select pg_catalog.set_config('role', $1, true), pg_catalog.set_config('request.jwt.claim.role', $1, true),
            pg_catalog.set_config('request.jwt.claims', $2, true), pg_catalog.set_config('request.jwt.claim.sub', $3, true),
            pg_catalog.set_config('statement_timeout', $4, true), pg_catalog.set_config('realtime.topic', $5, true)`,
    [caller.role, JSON.stringify(caller.claims), caller.sub ?? '', `${caller.statementTimeoutSeconds}s`, topic]
  )

export class VisibilityChecks {
  private pool: Promise<pg.Pool> | null = null
  private readonly columnCache = new Map<string, { at: number; columns: Set<string> }>()
  constructor(
    private readonly platform: Platform,
    private readonly project: Pick<GatedProject, 'ref' | 'region'>
  ) {}

  private open(): Promise<pg.Pool> {
    this.pool ??= (async () => {
      const adminUrl = adminUrlOf(this.platform, this.project.region)
      if (!adminUrl) throw new Error('no managed server for this project')
      const login = await ensureApiLogin(this.platform, this.project)
      const url = new URL(adminUrl)
      url.username = login.user
      url.password = login.password
      url.pathname = `/${ownerRoleOf(this.project.ref)}`
      const pool = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE, idleTimeoutMillis: IDLE_MS, allowExitOnIdle: true, application_name: 'realtime' })
      // A connection ended by the server (a restart, the database dropped) must not crash the app.
      pool.on('error', () => undefined)
      return pool
    })()
    this.pool.catch(() => (this.pool = null))
    return this.pool
  }

  /** Type names by oid. */
  async typeNames(oids: number[]): Promise<Map<number, string>> {
    const pool = await this.open()
    const { rows } = await pool.query<{ oid: number; typname: string }>('select oid::int as oid, typname from pg_catalog.pg_type where oid = any($1::oid[])', [oids])
    return new Map(rows.map((row) => [row.oid, row.typname]))
  }

  /** The primary key's columns (not the replica identity's: with FULL, that is every column). */
  async primaryKey(relationOid: number): Promise<string[]> {
    const pool = await this.open()
    const { rows } = await pool.query<{ attname: string }>(
      `select a.attname from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1 and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
      [relationOid]
    )
    return rows.map((row) => row.attname)
  }

  async rowSecurity(relationOid: number): Promise<boolean> {
    const pool = await this.open()
    const { rows } = await pool.query<{ on: boolean }>('select relrowsecurity as on from pg_catalog.pg_class where oid = $1', [relationOid])
    return rows[0]?.on ?? false
  }

  /**
   * The columns of a table `role` may select (its column privileges, or the table's), asked at
   * most every few seconds: a change carries only those, and a role with none sees no change.
   */
  async selectableColumns(role: string, relationOid: number): Promise<Set<string>> {
    const key = `${role}\u0000${relationOid}`
    const cached = this.columnCache.get(key)
    if (cached && cached.at > Date.now() - COLUMN_CACHE_MS) return cached.columns
    const pool = await this.open()
    const { rows } = await pool.query<{ attname: string }>(
      `select attname from pg_catalog.pg_attribute
        where attrelid = $1 and attnum > 0 and not attisdropped and pg_catalog.has_column_privilege($2, attrelid, attnum, 'SELECT')`,
      [relationOid, role]
    )
    const columns = new Set(rows.map((row) => row.attname))
    this.columnCache.set(key, { at: Date.now(), columns })
    return columns
  }

  /**
   * The row of `schema.table` whose key columns have `key`'s values (their text; the column's
   * type reads them), as `caller` sees it: its `columns`, as the text the server writes them
   * (as logical replication sends them), or null when its grants and policies do not let it see
   * that row.
   */
  async currentRow(caller: Caller, schema: string, table: string, key: Record<string, string>, columns: string[]): Promise<Record<string, string | null> | null> {
    const keys = Object.keys(key)
    if (keys.length === 0 || columns.length === 0) return null
    const pool = await this.open()
    const client = await pool.connect()
    try {
      await client.query('begin read only')
      await asCaller(client, caller)
      const where = keys.map((column, i) => `${quoteIdent(column)} = $${i + 1}`).join(' and ')
      const { rows } = await client.query<Record<string, string | null>>({
        text: `select ${columns.map(quoteIdent).join(', ')} from ${quoteIdent(schema)}.${quoteIdent(table)} where ${where} limit 1`,
        values: keys.map((column) => key[column]),
        // Every value as the server's text, unparsed.
        types: { getTypeParser: () => (value: string) => value } as never,
      })
      return rows[0] ?? null
    } catch {
      return null
    } finally {
      await client.query('rollback').catch(() => undefined)
      client.release()
    }
  }

  /**
   * What `caller` may do on the private channel `topic`, as the project's policies on
   * `realtime.messages` say (Supabase's authorization): probe rows of each extension made as the
   * service role, then read as the caller with `realtime.topic()` set (read), and one of each
   * inserted as the caller (write); all rolled back. The service role may do everything.
   */
  async channelAccess(caller: Caller, topic: string): Promise<ChannelAccess> {
    if (caller.role === 'service_role') return { read: { broadcast: true, presence: true }, write: { broadcast: true, presence: true } }
    const pool = await this.open()
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(`select pg_catalog.set_config('role', 'service_role', true)`)
      const probes = await client.query<{ id: string; extension: Extension }>(
        `insert into realtime.messages (topic, extension, event, private) values ($1, 'broadcast', 'authorization', true), ($1, 'presence', 'authorization', true) returning id::text, extension`,
        [topic]
      )
      await asCaller(client, caller, topic)
      const readable = await client.query<{ extension: Extension }>('select extension from realtime.messages where id = any($1::uuid[])', [probes.rows.map((r) => r.id)])
      const read = { broadcast: readable.rows.some((r) => r.extension === 'broadcast'), presence: readable.rows.some((r) => r.extension === 'presence') }
      const write = { broadcast: false, presence: false }
      for (const extension of ['broadcast', 'presence'] as const) {
        await client.query('savepoint probe')
        try {
          await client.query(`insert into realtime.messages (topic, extension, event, private) values ($1, $2, 'authorization', true)`, [topic, extension])
          write[extension] = true
        } catch {
          await client.query('rollback to savepoint probe')
        }
      }
      return { read, write }
    } finally {
      await client.query('rollback').catch(() => undefined)
      client.release()
    }
  }

  async end(): Promise<void> {
    const pool = this.pool
    this.pool = null
    await pool?.then((p) => p.end()).catch(() => undefined)
  }
}
