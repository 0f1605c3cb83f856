/**
 * Text a log event keeps: at most a number of UTF-16 units, never half of a character, and always
 * text Postgres accepts. A cut through a surrogate pair (an emoji at the limit), a lone surrogate
 * or a NUL character would make the control plane refuse the event's JSON, and with it the whole
 * batch it was written in; each becomes U+FFFD instead.
 */
const REPLACEMENT = '\uFFFD'
const UNSAFE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g

export function boundedText(text: string, max: number): string {
  let cut = text.length > max ? text.slice(0, max) : text
  // The last unit kept is the first half of a pair whose second half was cut: drop it too.
  if (cut.length < text.length && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return cut.replace(UNSAFE, REPLACEMENT)
}

/** Every string in a value bounded: `limits` by key name, `otherwise` for the rest (and for keys). */
export function boundedStrings(value: unknown, limits: Readonly<Record<string, number>>, otherwise: number, key?: string): unknown {
  if (typeof value === 'string') return boundedText(value, key !== undefined && Object.hasOwn(limits, key) ? limits[key] : otherwise)
  if (Array.isArray(value)) return value.map((item) => boundedStrings(item, limits, otherwise))
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [boundedText(k, otherwise), boundedStrings(v, limits, otherwise, k)]))
  }
  return value
}
