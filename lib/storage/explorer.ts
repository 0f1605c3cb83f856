/**
 * The file explorer's paths and entries as pure functions: a folder is the `/`-separated start of
 * its files' names (`prefix`, no leading or trailing `/`, '' for a bucket's top), and an entry
 * without an id is a folder.
 */
import { FOLDER_PLACEHOLDER, type StorageEntry } from '@/lib/api-types/storage'
import { formatBytes } from '@/lib/format-bytes'

export const joinPath = (prefix: string, name: string) => (prefix ? `${prefix}/${name}` : name)

/** The folder holding `prefix` ('' for the top). */
export function parentOf(prefix: string): string {
  const cut = prefix.lastIndexOf('/')
  return cut === -1 ? '' : prefix.slice(0, cut)
}

/** The folders from the bucket's top down to `prefix`, each with the prefix it opens. */
export function crumbsOf(prefix: string): { name: string; prefix: string }[] {
  if (!prefix) return []
  const parts = prefix.split('/')
  return parts.map((name, i) => ({
    name,
    prefix: parts.slice(0, i + 1).join('/'),
  }))
}

/** The `path` query of the explorer's URL as a prefix: trimmed of slashes, empty parts dropped. */
export function prefixFromQuery(value: unknown): string {
  return typeof value === 'string' ? value.split('/').filter(Boolean).join('/') : ''
}

export const isFolder = (entry: Pick<StorageEntry, 'id'>) => entry.id === null

/** What the list shows: folders first, then files, without the placeholders of empty folders. */
export function shownEntries<T extends Pick<StorageEntry, 'id' | 'name'>>(entries: readonly T[]): T[] {
  const kept = entries.filter((entry) => entry.name !== FOLDER_PLACEHOLDER)
  return [...kept.filter(isFolder), ...kept.filter((entry) => !isFolder(entry))]
}

/** A file's size and type from its metadata, as the storage service records them. */
export function fileFacts(entry: Pick<StorageEntry, 'metadata'>): {
  size: number | null
  mimetype: string | null
} {
  const size = entry.metadata?.size
  const mimetype = entry.metadata?.mimetype
  return {
    size: typeof size === 'number' ? size : null,
    mimetype: typeof mimetype === 'string' ? mimetype : null,
  }
}

export const isImage = (mimetype: string | null) => mimetype !== null && /^image\/(png|jpe?g|gif|webp|avif|svg\+xml|bmp)$/i.test(mimetype)

/** Why a new folder's name will not do, or null. */
export function folderNameProblem(name: string): string | null {
  if (!name.trim()) return 'Give the folder a name.'
  if (name.includes('/')) return 'A folder name has no “/”: make one folder, then open it to make the next.'
  if (name === '.' || name === '..') return 'A folder cannot be named “.” or “..”.'
  return null
}

// Bytes too: a limit of 1000 bytes shows as it is, not as a 0.98 KB that would save as 1004.
const SIZE_UNITS = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const
export type SizeUnit = keyof typeof SIZE_UNITS
export const SIZE_UNIT_NAMES = Object.keys(SIZE_UNITS) as SizeUnit[]

/** A size limit given as an amount and a unit (1 MB = 1048576 bytes, as sizes are shown), in bytes; null for none. */
export function limitBytes(amount: string, unit: SizeUnit): number | null {
  const value = Number(amount)
  if (!amount.trim() || !Number.isFinite(value) || value <= 0) return null
  return Math.round(value * SIZE_UNITS[unit])
}

/** A limit in bytes as the form shows it: the largest unit it is a whole or tenth of. */
export function limitParts(bytes: number | null): {
  amount: string
  unit: SizeUnit
} {
  if (bytes === null) return { amount: '', unit: 'MB' }
  for (const unit of [...SIZE_UNIT_NAMES].reverse()) {
    const value = bytes / SIZE_UNITS[unit]
    if (value >= 1 && Math.round(value * 10) === value * 10) return { amount: String(value), unit }
  }
  return {
    amount: String(Math.round((bytes / SIZE_UNITS.KB) * 100) / 100),
    unit: 'KB',
  }
}

/**
 * The project's upload limit typed as an amount and a unit (1 MB = 1048576 bytes): its bytes, or
 * why it will not do. A whole number of bytes, at least 1, at most the plan's upload size.
 */
export function projectUploadLimit(amount: string, unit: SizeUnit, planMaxBytes: number): { bytes: number } | { problem: string } {
  const text = amount.trim()
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return { problem: 'Give the limit as a number, such as 50.' }
  const exact = Number(text) * SIZE_UNITS[unit]
  if (exact < 1) return { problem: 'The limit is at least 1 byte.' }
  if (!Number.isInteger(exact))
    return { problem: unit === 'bytes' ? 'Give a whole number of bytes.' : `${text} ${unit} is ${Number(exact.toFixed(2))} bytes: give a whole number of bytes.` }
  if (exact > planMaxBytes) return { problem: `Your plan allows up to ${formatBytes(planMaxBytes)}: give a smaller limit, or upgrade the plan for larger files.` }
  return { bytes: exact }
}

/** A MIME type list typed as text ("image/png, image/*") as a list; null for any type. */
export function mimeTypesOf(text: string): string[] | null {
  const types = text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean)
  return types.length ? types : null
}
