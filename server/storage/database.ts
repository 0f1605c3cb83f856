/**
 * The storage service's connections to a project's database. Its statements run as the caller
 * (anon, authenticated with the JWT's claims, or service_role, which bypasses RLS), so a policy
 * written for Supabase's storage applies unchanged: a small pool per project logs in as the
 * project's data API login `p_<ref>_api` (a member of those three roles and nothing else, on the
 * server's reserved slots, CONNECT on this database only) and each transaction takes the caller's role and claims with `set_config(…,
 * true)`, as PostgREST and Supabase's storage server do. Ended when the gateway releases the
 * project and when the platform closes.
 *
 * The `storage` schema (schema-sql.ts) is made or completed once per project and app instance,
 * as the project's role through the platform's service login (the project owns its schema, as
 * it owns `auth`), under an advisory lock.
 *
 * While read-only mode holds the database, every transaction is read-only: downloads and lists
 * work, uploads and changes are refused with a sentence.
 */
import pg from 'pg'
import type { Platform } from '../kernel/platform'
import type { GatedProject } from '../gateway/types'
import { adminUrlOf } from '../databases/project-admin'
import { ownerRoleOf } from '../databases/role-names'
import { roleClient } from '../databases/role-session'
import { ensureOwnedSchema } from '../databases/owned-schema'
import { ensureApiLogin } from '../data-api/roles'
import { serviceLocation, serviceUrlOf } from '../sql/read-only-location'
import { STORAGE_SCHEMA_COMMENT, STORAGE_SCHEMA_SQL } from './schema-sql'
import type { Caller } from './caller'

const POOL_SIZE = 4
const READER_POOL_SIZE = 4
/** A public object's row is one lookup by its index. */
const READ_TIMEOUT_MS = 8000
const IDLE_MS = 10_000

export type StorageTx = {
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
  /** The rest of the transaction runs as `caller`: its role, claims and timeout. */
  become(caller: Caller, operation: string): Promise<void>
}

/** Takes `caller`'s role and claims for the rest of the transaction, as PostgREST does. */
function asCaller(client: pg.PoolClient, caller: Caller, operation: string) {
  return client.query(
    `select pg_catalog.set_config('role', $1, true), pg_catalog.set_config('request.jwt.claim.role', $1, true),
            pg_catalog.set_config('request.jwt.claims', $2, true), pg_catalog.set_config('request.jwt.claim.sub', $3, true),
            pg_catalog.set_config('storage.operation', $4, true), pg_catalog.set_config('storage.allow_delete_query', 'true', true),
            pg_catalog.set_config('statement_timeout', $5, true)`,
    [caller.role, JSON.stringify(caller.claims), caller.sub ?? '', operation, `${caller.statementTimeoutSeconds}s`]
  )
}

export type StorageDb = {
  /**
   * `fn` in one transaction as `caller`, for `operation` (what `storage.operation()` answers).
   * `test`: rolled back whatever happens: what asks PostgreSQL whether the caller's policies allow
   * a write before any bytes are taken.
   */
  as<T>(caller: Caller, operation: string, fn: (tx: StorageTx) => Promise<T>, options?: { test?: boolean }): Promise<T>
  /**
   * One read-only statement as the service role, outside any transaction, on connections that
   * took the role at their start: one round trip, what a public object's row costs.
   */
  read<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
}

type Pools = { pool: pg.Pool; reader: pg.Pool }
type Entry = { ready: Promise<Pools> }

type StorageProject = Pick<GatedProject, 'ref' | 'region' | 'db_location' | 'read_only'>

export class StorageDatabases {
  private readonly entries = new Map<string, Entry>()
  constructor(private readonly platform: Platform) {}

  private entry(project: StorageProject): Entry {
    const found = this.entries.get(project.ref)
    if (found) return found
    const entry: Entry = { ready: this.prepare(project) }
    // A failed set-up is tried again by the next request.
    entry.ready.catch(() => {
      if (this.entries.get(project.ref) === entry) this.entries.delete(project.ref)
    })
    this.entries.set(project.ref, entry)
    return entry
  }

  private async prepare(project: StorageProject): Promise<Pools> {
    const adminUrl = adminUrlOf(this.platform, project.region)
    if (!adminUrl) throw new Error('no managed server for this project')
    const login = await ensureApiLogin(this.platform, project)
    await this.ensureSchema(project)
    const url = new URL(adminUrl)
    url.username = login.user
    url.password = login.password
    url.pathname = `/${ownerRoleOf(project.ref)}`
    const pool = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE, idleTimeoutMillis: IDLE_MS, allowExitOnIdle: true, application_name: 'storage' })
    // The service role's reads: the role, read-only and a timeout pinned in the startup packet,
    // which outranks whatever the project sets on its database or roles.
    const reader = new pg.Pool({
      connectionString: url.toString(),
      max: READER_POOL_SIZE,
      idleTimeoutMillis: IDLE_MS,
      allowExitOnIdle: true,
      application_name: 'storage',
      options: `-c role=service_role -c default_transaction_read_only=on -c statement_timeout=${READ_TIMEOUT_MS}`,
    })
    // A connection ended by the server (a restart, the database dropped) must not crash the app.
    pool.on('error', () => undefined)
    reader.on('error', () => undefined)
    return { pool, reader }
  }

  /** As the project's role: the schema, unless its comment says it is complete. */
  private async ensureSchema(project: StorageProject) {
    const location = await serviceLocation(this.platform, project.ref, project.region, project.db_location)
    const client = await roleClient(serviceUrlOf(location), { applicationName: 'storage' })
    try {
      await ensureOwnedSchema(client, { name: 'storage', comment: STORAGE_SCHEMA_COMMENT, sql: STORAGE_SCHEMA_SQL })
    } finally {
      await client.end().catch(() => undefined)
    }
  }

  async open(project: StorageProject): Promise<StorageDb> {
    const { pool, reader } = await this.entry(project).ready
    const held = Boolean(project.read_only)
    return {
      read: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => (await reader.query<R>(sql, params)).rows,
      as: async <T>(caller: Caller, operation: string, fn: (tx: StorageTx) => Promise<T>, { test = false } = {}) => {
        const client = await pool.connect()
        try {
          await client.query(held ? 'begin read only' : 'begin')
          await asCaller(client, caller, operation)
          const result = await fn({
            query: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
            become: async (next, nextOperation) => void (await asCaller(client, next, nextOperation)),
          })
          await client.query(test ? 'rollback' : 'commit')
          return result
        } catch (error) {
          await client.query('rollback').catch(() => undefined)
          throw error
        } finally {
          client.release()
        }
      },
    }
  }

  async end(ref: string) {
    const entry = this.entries.get(ref)
    if (!entry) return
    this.entries.delete(ref)
    await entry.ready.then(({ pool, reader }) => Promise.all([pool.end(), reader.end()])).catch(() => undefined)
  }

  async endAll() {
    await Promise.all([...this.entries.keys()].map((ref) => this.end(ref)))
  }
}
