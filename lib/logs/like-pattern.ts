/**
 * A case-insensitive substring search as an ILIKE pattern: the text's own `%`, `_` and `\` are
 * escaped (with `escape '\'` in the SQL), so searching for "100%" finds "100%" and not "100".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
