/** The test panel's headers: `Name: value` lines, blank lines skipped; a line without a name is an error naming it. */
export function parseHeaderLines(text: string): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {}
  const lines = text.split('\n')
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (!line) continue
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon).trim() : ''
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return { error: `Line ${i + 1} is not a header: write it as Name: value.` }
    headers[name] = line.slice(colon + 1).trim()
  }
  return { headers }
}
