/**
 * When what the platform read from a project's catalog (the table editor's table detail, the
 * GraphQL schema's fingerprint) must be read again. PostgreSQL has no catalog version a
 * non-superuser can read cheaply (an event trigger needs a superuser), so two signals are used:
 *
 * - a counter per project in this app instance, moved on every run of the SQL endpoint that may
 *   write (the SQL editor and the table editor's changes both go through it) and on every change
 *   of the extensions and column privileges pages (server/privileges/project-database.ts): a
 *   change made there shows at the very next read, in this instance;
 * - an age: a value read more than `CATALOG_RECHECK_MS` ago is read again, so a change made
 *   elsewhere (a project's own psql session, a migration over the connection string, another app
 *   instance, a restore) shows within that long.
 *
 * Staleness a user can see: none after a change made through this app instance; at most
 * CATALOG_RECHECK_MS (2 s) after a change made anywhere else. Cheaper than a probe of the
 * catalog on every request (a probe that is exact costs about what the read it saves does).
 */
import type { Platform } from '../kernel/platform'

export const CATALOG_RECHECK_MS = 2_000

// Kept per platform (tests start several in one process); a project's counter starts at 0.
const counters = new WeakMap<Platform, Map<string, number>>()

function countersOf(platform: Platform): Map<string, number> {
  let map = counters.get(platform)
  if (!map) counters.set(platform, (map = new Map()))
  return map
}

/** Called after SQL that may have changed the project's catalog ran through this instance. */
export function catalogMayHaveChanged(platform: Platform, ref: string): void {
  const map = countersOf(platform)
  map.set(ref, (map.get(ref) ?? 0) + 1)
}

/** A stamp taken when a catalog read starts: the value read is good while `isFresh` says so. */
export type CatalogStamp = { ref: string; version: number; at: number }

export function catalogStamp(platform: Platform, ref: string): CatalogStamp {
  return { ref, version: countersOf(platform).get(ref) ?? 0, at: Date.now() }
}

/** Whether a value read under `stamp` still stands for project `ref`: read there, no change through this instance since, and young enough. */
export function isFresh(platform: Platform, ref: string, stamp: CatalogStamp): boolean {
  const age = Date.now() - stamp.at
  return stamp.ref === ref && (countersOf(platform).get(ref) ?? 0) === stamp.version && age >= 0 && age < CATALOG_RECHECK_MS
}
