/**
 * A column's value as JSON, from the text form logical replication sends (pgoutput): numbers,
 * booleans and JSON as such (an int8 past 2^53 stays text), everything else as its text, as
 * Supabase's realtime sends a record. realtime-js converts the rest by the `columns` types.
 */
const NUMBERS = new Set(['int2', 'int4', 'int8', 'oid', 'float4', 'float8', 'numeric'])

export function typedValue(type: string, text: string | null): unknown {
  if (text === null) return null
  if (type === 'bool') return text === 't' || text === 'true'
  if (NUMBERS.has(type)) {
    const value = Number(text)
    if (!Number.isFinite(value)) return text
    if (type === 'int8' && !Number.isSafeInteger(value)) return text
    return value
  }
  if (type === 'json' || type === 'jsonb') {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/** A tuple's columns typed by name. */
export function typedRecord(tuple: Record<string, unknown>, types: Record<string, string>): Record<string, unknown> {
  const record: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(tuple)) {
    if (value === undefined) continue
    record[name] = typeof value === 'string' ? typedValue(types[name] ?? 'text', value) : Buffer.isBuffer(value) ? value.toString('hex') : value
  }
  return record
}
