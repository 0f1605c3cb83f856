/**
 * The histogram's bucket size for a time range: the range divided into MAX_BUCKETS, rounded up to
 * a round size (10 s, a minute, an hour …, then whole weeks), so an hour shows minutes and a week
 * shows hours. Computed from the range, never picked from a fixed list alone: however long the
 * range, there are never more than MAX_BUCKETS bars.
 */
export const MAX_BUCKETS = 60

const DAY = 86400
const WEEK = 7 * DAY
const SIZES_SECONDS = [10, 30, 60, 5 * 60, 15 * 60, 30 * 60, 3600, 3 * 3600, 6 * 3600, 12 * 3600, DAY, WEEK]

export function bucketSeconds(startMs: number, endMs: number): number {
  const rangeSeconds = Math.max(1, (endMs - startMs) / 1000)
  const least = Math.ceil(rangeSeconds / MAX_BUCKETS)
  return SIZES_SECONDS.find((size) => size >= least) ?? Math.ceil(least / WEEK) * WEEK
}

/** The start of every bucket from `startMs` on, covering the range (bucket i starts at start + i × size). */
export function bucketStarts(startMs: number, endMs: number, sizeSeconds: number): number[] {
  const starts: number[] = []
  for (let t = startMs; t < endMs; t += sizeSeconds * 1000) starts.push(t)
  return starts.length ? starts : [startMs]
}
