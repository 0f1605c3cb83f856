/** Sizes as people read them, with 1 GB = 1073741824 bytes (SPEC §9): "512 KB", "1.5 MB", "8 GB". */
const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  // One decimal below 10 (1.5 MB), none above (612 MB); never a trailing .0.
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value)
  return `${shown} ${UNITS[unit]}`
}
