/**
 * An assistant answer as the panel shows it: plain text, and SQL from ```sql fences (the model is
 * asked for those) that get Copy and Insert actions. A fence still open while the answer streams
 * in is shown as SQL already; other fences (```json …) stay text.
 */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'sql'; sql: string; complete: boolean }

const FENCE = /^```[ \t]*([A-Za-z0-9_+-]*)[ \t]*$/

export function messageParts(content: string): MessagePart[] {
  const parts: MessagePart[] = []
  let text: string[] = []
  let sql: string[] | null = null
  const flushText = () => {
    const joined = text.join('\n').replace(/^\n+|\s+$/g, '')
    if (joined) parts.push({ kind: 'text', text: joined })
    text = []
  }
  for (const line of content.split('\n')) {
    const fence = FENCE.exec(line.trim())
    if (sql) {
      if (fence && fence[1] === '') {
        parts.push({ kind: 'sql', sql: sql.join('\n').trim(), complete: true })
        sql = null
      } else sql.push(line)
    } else if (fence && /^(sql|pgsql|postgres|postgresql|plpgsql)$/i.test(fence[1])) {
      flushText()
      sql = []
    } else text.push(line)
  }
  flushText()
  if (sql) parts.push({ kind: 'sql', sql: sql.join('\n').trim(), complete: false })
  return parts
}
