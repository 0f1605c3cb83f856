/**
 * The GraphQL schemas of projects, cached per app instance. A schema is built by introspecting the
 * project's database, which takes a while; it is kept with the catalog fingerprint it was built at
 * and rebuilt when a request finds the fingerprint changed. The fingerprint itself (a few ms of
 * catalog reading) is read again only when the catalog may have changed (server/sql/catalog-version.ts):
 * a change made through the SQL endpoint shows at the next request, one made elsewhere within
 * CATALOG_RECHECK_MS. One build per project at a time: requests arriving meanwhile wait for it. At most
 * `MAX_CACHED_PROJECTS` projects are kept; the least recently used one is dropped with its pools.
 * A build that fails (two tables PostGraphile names alike, an introspection error) is remembered
 * with its fingerprint for `FAILED_BUILD_RETRY_MS`: requests meanwhile get the same error at once
 * instead of each building again; a changed catalog (the clash fixed) is tried at once.
 *
 * Pools are per role and connection string: a changed password gives a new string, and the old
 * pool is closed. Connections time out when idle, so a paused project holds none for long.
 */
import pg from 'pg'
import type { Platform } from '../kernel/platform'
import { catalogStamp, isFresh, type CatalogStamp } from '../sql/catalog-version'
import { catalogFingerprint } from './catalog-fingerprint'
import { isConnectionError } from './connection-errors'
import { withoutNamedStatements } from './unnamed-statements'
import { buildProjectSchema, type BuiltSchema } from './postgraphile-schema'

export const MAX_CACHED_PROJECTS = 8
const POOL_SIZE = 4
const IDLE_MS = 10_000
const CONNECT_TIMEOUT_MS = 10_000
/** How long a failed build of one catalog is answered from memory before it is tried again (a timeout under load may pass). */
export const FAILED_BUILD_RETRY_MS = 10_000

export type PoolRole = 'owner' | 'readOnly'

type Build = { fingerprint: string; promise: Promise<BuiltSchema> }

type ProjectEntry = {
  /** The pool of the project's own role, and of its read-only one once a read-only member called. */
  pools: Map<PoolRole, { url: string; pool: pg.Pool }>
  /** The last fingerprint read (or being read), with the stamp taken when its read started. */
  fingerprint: { stamp: CatalogStamp; promise: Promise<string> } | null
  built: (BuiltSchema & { fingerprint: string }) | null
  building: Build | null
  failed: { fingerprint: string; error: unknown; retryAt: number } | null
}

type Cache = Map<string, ProjectEntry>

// Kept per platform (tests start several in one process). Only the API route uses it.
const caches = new WeakMap<Platform, Cache>()

function cacheOf(platform: Platform): Cache {
  let cache = caches.get(platform)
  if (!cache) caches.set(platform, (cache = new Map()))
  return cache
}

function entryOf(platform: Platform, ref: string): ProjectEntry {
  const cache = cacheOf(platform)
  let entry = cache.get(ref)
  if (entry) {
    // Most recently used last: a Map iterates in insertion order.
    cache.delete(ref)
  } else {
    entry = { pools: new Map(), fingerprint: null, built: null, building: null, failed: null }
  }
  cache.set(ref, entry)
  while (cache.size > MAX_CACHED_PROJECTS) {
    const [oldest] = cache.keys()
    void dropEntry(cache, oldest)
  }
  return entry
}

async function dropEntry(cache: Cache, ref: string): Promise<void> {
  const entry = cache.get(ref)
  if (!entry) return
  cache.delete(ref)
  // A request still running on a pool finishes first: end() waits for its client to come back.
  await Promise.allSettled([...entry.pools.values()].map(({ pool }) => pool.end()))
}

function newPool(connectionString: string, timeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    idleTimeoutMillis: IDLE_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    allowExitOnIdle: true,
    application_name: 'graphql',
    // The platform's SQL timeout, as a startup parameter (no round trip); the client gives up a little later in case the server cannot cancel.
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 5_000,
  })
  // An idle connection ended by the server (project paused or dropped) must not crash the process; the pool discards it.
  pool.on('error', () => {})
  return withoutNamedStatements(pool)
}

/**
 * The pool for `url`, the connection string of the project's own role (`owner`) or of its
 * read-only role. A different string than before for the same role means its password changed:
 * the old pool is closed.
 */
export function projectPool(platform: Platform, ref: string, url: string, role: PoolRole): pg.Pool {
  const entry = entryOf(platform, ref)
  const current = entry.pools.get(role)
  if (current?.url === url) return current.pool
  if (current) void current.pool.end().catch(() => {})
  const pool = newPool(url, platform.config.sqlTimeoutMs)
  entry.pools.set(role, { url, pool })
  return pool
}

/**
 * The project's schema as its catalog is now: the cached one when the fingerprint still matches,
 * else a new build (shared with every request that needs the same one meanwhile).
 */
export async function projectSchema(platform: Platform, ref: string, ownerPool: pg.Pool): Promise<BuiltSchema> {
  const entry = entryOf(platform, ref)
  const fingerprint = await currentFingerprint(platform, ref, entry, ownerPool)
  for (;;) {
    if (entry.built?.fingerprint === fingerprint) return entry.built
    if (entry.building?.fingerprint === fingerprint) return entry.building.promise
    if (entry.failed?.fingerprint === fingerprint && Date.now() < entry.failed.retryAt) throw entry.failed.error
    // Another build (of an older or newer catalog) is under way: wait for it, then look again.
    if (entry.building) {
      await entry.building.promise.catch(() => {})
      continue
    }
    const build: Build = {
      fingerprint,
      promise: buildProjectSchema(ownerPool, platform.config.sqlTimeoutMs),
    }
    entry.building = build
    try {
      const built = await build.promise
      entry.built = { ...built, fingerprint }
      entry.failed = null
      return built
    } catch (error) {
      // A connection that failed says nothing about the catalog: the caller retries on a fresh pool.
      if (!isConnectionError(error)) entry.failed = { fingerprint, error, retryAt: Date.now() + FAILED_BUILD_RETRY_MS }
      throw error
    } finally {
      if (entry.building === build) entry.building = null
    }
  }
}

/** The catalog's fingerprint: the one read last while it stands, else read again (one read at a time is shared). */
function currentFingerprint(platform: Platform, ref: string, entry: ProjectEntry, ownerPool: pg.Pool): Promise<string> {
  if (entry.fingerprint && isFresh(platform, ref, entry.fingerprint.stamp)) return entry.fingerprint.promise
  const read = { stamp: catalogStamp(platform, ref), promise: catalogFingerprint(ownerPool) }
  entry.fingerprint = read
  // A failed read is not kept: the next request reads again.
  read.promise.catch(() => {
    if (entry.fingerprint === read) entry.fingerprint = null
  })
  return read.promise
}

/** Forgets a project: its pools are closed (paused, deleted, or its connection failed). */
export function forgetProject(platform: Platform, ref: string): Promise<void> {
  return dropEntry(cacheOf(platform), ref)
}

/** Closes every pool of the platform (when it closes). */
export async function closeProjectSchemas(platform: Platform): Promise<void> {
  const cache = caches.get(platform)
  if (!cache) return
  await Promise.allSettled([...cache.keys()].map((ref) => dropEntry(cache, ref)))
}
