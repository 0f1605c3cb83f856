/**
 * temp_file_limit of every project, when PROJECT_TEMP_FILE_LIMIT does not say: a tenth of the disk
 * the platform's data lives on, at most 5 GB. A sort or hash that spills can otherwise fill a
 * small disk by itself (every project shares it), and 5 GB is more than a small disk has.
 */
import fs from 'node:fs'

const MB = 1024 * 1024
const CEILING_MB = 5 * 1024
/** Never below this: a query that spills a little still runs on a tiny disk. */
const FLOOR_MB = 64

/** The limit, as PostgreSQL writes sizes, for a disk of `diskBytes` in all. */
export function tempFileLimitFor(diskBytes: number): string {
  const mb = Math.max(FLOOR_MB, Math.min(CEILING_MB, Math.floor(diskBytes / 10 / MB)))
  return mb % 1024 === 0 ? `${mb / 1024}GB` : `${mb}MB`
}

/** The limit for the disk holding `dir`; 5 GB when its size cannot be read. */
export function defaultTempFileLimit(dir: string): string {
  try {
    fs.mkdirSync(dir, { recursive: true })
    const stats = fs.statfsSync(dir)
    return tempFileLimitFor(stats.blocks * stats.bsize)
  } catch {
    return `${CEILING_MB / 1024}GB`
  }
}
