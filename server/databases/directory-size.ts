/**
 * Bytes an embedded project's data dir takes on disk: what it costs the machine (tables, indexes,
 * WAL), measured without opening the database, so sampling usage never wakes a closed instance.
 */
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'

export async function directorySizeBytes(dir: string): Promise<number> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    // A dir that is gone (a project dropped meanwhile) uses nothing.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  let total = 0
  for (const entry of entries) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += await directorySizeBytes(full)
    else if (entry.isFile()) total += await lstat(full).then((s) => s.size, () => 0)
  }
  return total
}
