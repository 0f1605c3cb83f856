/**
 * Whether SQL text holds anything to run: false when it is only whitespace, `;`, `-- line`
 * comments and (nested) block comments. Scanning stops at the first other character, so strings
 * and identifiers never need to be understood.
 */
export function containsStatement(sql: string): boolean {
  let i = 0
  while (i < sql.length) {
    const c = sql[i]
    if (c === ';' || /\s/.test(c)) {
      i++
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2)
      i = end === -1 ? sql.length : end + 1
    } else if (c === '/' && sql[i + 1] === '*') {
      // Block comments nest in Postgres; an unterminated one runs to the end (Postgres then
      // reports it as an error, but there is still no statement in it).
      let depth = 1
      i += 2
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++
          i += 2
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--
          i += 2
        } else i++
      }
    } else return true
  }
  return false
}
