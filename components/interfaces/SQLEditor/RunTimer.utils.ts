/** Elapsed time of a running query: "4.2 s" under a minute, "mm:ss.s" ("01:05.3") from a minute on. */
export function formatElapsed(ms: number): string {
  const tenths = Math.max(0, Math.floor(ms / 100))
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`
  const minutes = Math.floor(tenths / 600)
  const seconds = (tenths % 600) / 10
  return `${String(minutes).padStart(2, '0')}:${seconds.toFixed(1).padStart(4, '0')}`
}
