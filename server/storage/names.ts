/**
 * What a bucket name, an object key, a size limit and a MIME type list may be: the rules of
 * Supabase's storage server, so that a name that works there works here, and one refused there is
 * refused here.
 */
import { invalidBucketName, invalidKey, invalidMimeType, invalidRequest } from './errors'

import { BUCKET_NAME, MAX_KEY_BYTES, OBJECT_KEY } from '@/lib/api-types/storage'

export function assertBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !BUCKET_NAME.test(name) || name.trim() !== name) throw invalidBucketName()
}

export function assertObjectKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !OBJECT_KEY.test(key) || Buffer.byteLength(key) > MAX_KEY_BYTES) throw invalidKey(String(key))
}

const SIZE = /^([0-9]+(?:\.[0-9]+)?)(GB|MB|KB|B)$/i
const UNIT: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }

/**
 * A bucket's `file_size_limit`: a whole number of bytes, a string such as "50MB" (decimal units,
 * as Supabase reads them), or null for none.
 */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  if (typeof value === 'string') {
    if (/^[0-9]+$/.test(value)) return Number(value)
    const match = SIZE.exec(value.trim())
    if (match) return Math.round(Number(Number(match[1]).toPrecision(3)) * UNIT[match[2].toLowerCase()])
  }
  throw invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B')
}

const MIME_ENTRY = /^[A-Za-z0-9\-+.]+\/[A-Za-z0-9\-+.]+(;\s*charset=[A-Za-z0-9-]+)?$/

/** A bucket's `allowed_mime_types`, checked (empty entries dropped); null for any type. */
export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null
  if (!Array.isArray(value)) throw invalidRequest('allowed_mime_types must be a list of MIME types')
  const types = value.filter((t) => t !== '')
  for (const type of types) if (typeof type !== 'string' || type.length > 1000 || !(MIME_ENTRY.test(type) || type.endsWith('*'))) throw invalidMimeType(String(type))
  return types
}

/** Whether an upload of `mimetype` may go into a bucket that allows `allowed` ('image/*' takes any image). */
export function assertMimeAllowed(mimetype: string, allowed: string[] | null) {
  if (!allowed || allowed.length === 0) return
  const [type, subtype] = mimetype.split('/')
  if (!type || subtype === undefined) throw invalidMimeType(mimetype)
  const fits = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
  if (!fits) throw invalidMimeType(mimetype)
}

/** Bytes as a person reads a limit: "50 MB", "1 GB". */
export function formatBytes(bytes: number): string {
  const units = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const
  for (const [unit, size] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  return `${bytes} bytes`
}
