// Small helpers shared by the bench modules: ports, sleeping, statistics, formatting.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for `promise` at most `ms` (its timer cleared after, so it never keeps the process alive). */
export async function within(promise, ms) {
  let timer
  try {
    await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  } finally {
    clearTimeout(timer)
  }
}

/** A port nothing listens on right now (the OS picks it). */
export { freePort } from '../../scripts/pg-cluster.mjs'

/** Nearest-rank percentile (p in 0..100) of a list of numbers. */
export function percentile(values, p) {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]
}

export function median(values) {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '—'
  if (Math.abs(ms) >= 1000) return `${(ms / 1000).toFixed(2)} s`
  if (Math.abs(ms) >= 100) return `${ms.toFixed(0)} ms`
  if (Math.abs(ms) >= 10) return `${ms.toFixed(1)} ms`
  return `${ms.toFixed(2)} ms`
}

export function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return '—'
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MiB`
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${bytes} B`
}

export const round = (n, digits = 3) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null)

export function log(message) {
  const t = ((performance.now() - START) / 1000).toFixed(1).padStart(6)
  console.log(`[${t}s] ${message}`)
}
const START = performance.now()
