/**
 * Who sees the SQL in postgres_logs. Query history is private, so a member's statements are not
 * everyone's to read: members whose role allows `logs:statements:read` (Owner, Admin, Developer:
 * they run SQL as the project's own role and can see its sessions' statements in Postgres anyway)
 * read events as recorded. Everyone else still sees every event (when, level, SQLSTATE code,
 * duration, origin), but with what comes from the statement or its data hidden: the SQL, its
 * author's user id, the error's detail, hint and position, and the error message itself (it
 * quotes names and values: `invalid input syntax for type integer: "…"`). Their own statements
 * they see whole, as in their own history.
 *
 * Hidden in SQL, where the search is done too: a search matches the message the caller is shown,
 * so it cannot be used to guess hidden text.
 */

/** Metadata keys that come from the statement, its author or its data. */
export const STATEMENT_METADATA_KEYS = ['query', 'user_id', 'detail', 'hint', 'position'] as const

export const hiddenMessage = (sqlState: string) => `Statement failed (SQLSTATE ${sqlState}); its SQL and message are hidden from your role.`

const own = (me: string) => `coalesce(metadata->>'user_id' = ${me}::text, false)`

/**
 * The message column as the caller may see it. `me()` answers the SQL parameter holding the
 * caller's user id (added on first use: a statement must not carry a parameter it never uses).
 */
export function visibleMessage(hide: boolean, me: () => string): string {
  if (!hide) return 'event_message'
  const [before, after] = hiddenMessage('%').split('%')
  return `case when ${own(me())} or level <> 'error' then event_message else '${before}' || coalesce(metadata->>'sql_state_code', 'unknown') || '${after}' end`
}

/** The metadata column as the caller may see it (see visibleMessage); hidden events say so with `statement_hidden`. */
export function visibleMetadata(hide: boolean, me: () => string): string {
  if (!hide) return 'metadata'
  const keys = `array[${STATEMENT_METADATA_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`
  return `case when ${own(me())} then metadata else (metadata - ${keys}) || '{"statement_hidden": true}'::jsonb end`
}
