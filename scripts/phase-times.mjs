// The time table `npm test` prints at its end: one line per phase that ran, then the total, so a
// slow run says where its minutes went.

/** `812 ms`, `41.2 s`, `3 min 05 s`. */
export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  if (seconds < 60) return `${seconds.toFixed(1)} s`
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`
}

/**
 * Lines of the table for `phases` ({label, ms, ok}) and `totalMs` (the wall time of the whole run,
 * which also counts the work between phases).
 */
export function phaseTable(phases, totalMs) {
  const width = Math.max('total'.length, ...phases.map((p) => p.label.length))
  const line = (label, ms, note = '') => `${label.padEnd(width)}  ${formatDuration(ms).padStart(10)}${note}`
  return [...phases.map((p) => line(p.label, p.ms, p.ok ? '' : '  (failed)')), line('total', totalMs)]
}
