/**
 * An event's fields by dotted path (SPEC §3: `metadata.request.method`), as the side panel lists
 * them. Arrays of numbers stay one value (`number[]`); other arrays are indexed (`a.0.b`).
 */
export type FlatValue = string | number | boolean | null | number[]

/** Deeper than this, the rest of a value is shown as JSON text: a hostile metadata cannot blow up the list. */
const MAX_DEPTH = 8

export function flattenFields(value: Record<string, unknown>, prefix = '', depth = 0): [string, FlatValue][] {
  const out: [string, FlatValue][] = []
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key
    out.push(...flattenValue(path, child, depth + 1))
  }
  return out
}

function flattenValue(path: string, value: unknown, depth: number): [string, FlatValue][] {
  if (value === null || value === undefined) return [[path, null]]
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [[path, value]]
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) return [[path, value as number[]]]
  if (typeof value !== 'object') return [[path, String(value)]]
  if (depth >= MAX_DEPTH) return [[path, JSON.stringify(value)]]
  if (Array.isArray(value)) {
    if (value.length === 0) return [[path, '[]']]
    return value.flatMap((item, i) => flattenValue(`${path}.${i}`, item, depth + 1))
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return [[path, '{}']]
  return flattenFields(value as Record<string, unknown>, path, depth)
}

export function formatFlatValue(value: FlatValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `[${value.join(', ')}]`
  return String(value)
}
