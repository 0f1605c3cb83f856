/**
 * Egress: the bytes the SQL API answered (POST /platform/pg-meta/{ref}/query, JSON answers and
 * streamed lines alike), per project and UTC day. Counting happens on the hot path, so it stays in
 * this app instance's memory — no control-plane write per request — and is added to usage_daily
 * at each usage sample and when the platform closes.
 *
 * Each instance adds its own deltas (`value = value + excluded.value`): N instances sharing one
 * control plane never count a byte twice. A flush takes the deltas before it writes, so bytes
 * counted meanwhile wait for the next flush; a flush that fails puts its deltas back.
 */
import type { Platform } from '../kernel/platform'
import type { EgressCounter } from './egress-counter'

/** The platform's own counter (server/platform.ts): one per app instance, shared by every bundle of this module. */
export const egressCounter = (platform: Platform): EgressCounter => platform.egress

/** Counts bytes the SQL API answered for a project. Self-hosted mode has no billing: nothing is counted. */
export function countEgress(platform: Platform, projectId: number, bytes: number) {
  if (platform.config.isPlatform) egressCounter(platform).count(projectId, bytes)
}

export const flushEgress = (platform: Platform) => egressCounter(platform).flush(platform.db)
