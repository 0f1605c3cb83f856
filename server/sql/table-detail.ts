/**
 * GET /platform/pg-meta/{ref}/table-detail?schema=&table=: the table editor's detail of one table
 * (lib/table-editor/catalog.ts: columns, keys, foreign keys, policies, estimated rows), under the
 * rules of the SQL endpoint (402 / 409 / 503, a Read-only member on the read-only role).
 *
 * The catalog query takes several times as long as the editor's first page of rows, so its answer
 * is kept per project, per role it ran as (the project's own or the read-only one: they may see
 * different things) and per table, while it stands (catalog-version.ts): read again at once after
 * SQL run through the SQL endpoint of this instance, and within CATALOG_RECHECK_MS after a change
 * made anywhere else. The row estimate in it is as old as that too.
 */
import type { Routes } from '@/lib/api-types'
import { tableDetailSql } from '@/lib/table-editor'
import { PlatformError } from '../kernel/errors'
import { rawJson, type Handler } from '../kernel/handler-types'
import { isDatabaseNotServing, isDatabaseUnavailable } from '../databases'
import type { Platform } from '../kernel/platform'
import { countEgress } from '../billing/egress'
import { markUnhealthy } from '../projects/health'
import { recordActivity } from '../projects/activity'
import { catalogStamp, isFresh, type CatalogStamp } from './catalog-version'
import { notServingMessage } from './not-serving'
import { memberLocation } from './read-only-location'
import { servingLocation } from './serving-location'

/** Answers kept per platform; the least recently used go first (a detail is a few KiB). */
export const MAX_CACHED_DETAILS = 500

type Cached = { stamp: CatalogStamp; answer: Promise<Uint8Array> }

const caches = new WeakMap<Platform, Map<string, Cached>>()

function cacheOf(platform: Platform): Map<string, Cached> {
  let cache = caches.get(platform)
  if (!cache) caches.set(platform, (cache = new Map()))
  return cache
}

export const tableDetail: Handler<Routes['tableDetail']> = async ({ platform, access: project, query }) => {
  const member = await memberLocation(platform, project, await servingLocation(platform, project))
  const { location } = member
  const readOnly = member.readOnlyRole
  const cache = cacheOf(platform)
  const key = JSON.stringify([project.ref, readOnly, query.schema, query.table])
  let cached = cache.get(key)
  if (cached && isFresh(platform, project.ref, cached.stamp)) {
    // Most recently used last: a Map iterates in insertion order.
    cache.delete(key)
    cache.set(key, cached)
  } else {
    const stamp = catalogStamp(platform, project.ref)
    const answer = platform.databases
      .run(location, tableDetailSql(query.schema, query.table), { timeoutMs: platform.config.sqlTimeoutMs, shape: 'last', ...member.options })
      .then(async (outcome) => {
        await recordActivity(platform, project.ref)
        return outcome.json
      })
    const entry: Cached = (cached = { stamp, answer })
    cache.delete(key)
    cache.set(key, entry)
    while (cache.size > MAX_CACHED_DETAILS) cache.delete(cache.keys().next().value!)
    // A failed read is not kept: the next opening reads again.
    answer.catch(() => {
      if (cache.get(key) === entry) cache.delete(key)
    })
  }
  let json: Uint8Array
  try {
    json = await cached.answer
  } catch (error) {
    if (isDatabaseNotServing(error)) throw new PlatformError(409, notServingMessage('INACTIVE'))
    if (isDatabaseUnavailable(error)) await markUnhealthy(platform, project.ref)
    throw error
  }
  countEgress(platform, project.id, json.byteLength)
  return rawJson(json)
}
