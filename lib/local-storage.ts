/**
 * Every key the dashboard keeps in localStorage, named in one place, so that sign-out can clear
 * everything except the keep-list (SPEC §4): theme, telemetry consent, last sign-in method and
 * UI preview flags.
 */
export const PENDING_SQL_SAVE_PREFIX = 'supaboard-pending-sql-save:'

export const LOCAL_STORAGE_KEYS = {
  THEME: 'theme',
  TELEMETRY_CONSENT: 'supaboard-telemetry-consent',
  LAST_SIGN_IN_METHOD: 'supaboard-last-sign-in-method',
  UI_PREVIEW_API_SIDE_PANEL: 'supaboard-ui-preview-api-side-panel',
  UI_PREVIEW_COLUMN_PRIVILEGES: 'supaboard-ui-preview-column-privileges',
  UI_PREVIEW_INLINE_EDITOR: 'supaboard-ui-preview-inline-editor',
  AUTH_SESSION: 'supaboard-auth-token',
  LAST_VISITED_SNIPPET: (ref: string) => `supaboard-last-visited-snippet-${ref}`,
  /** SQL editor text not acknowledged by the server yet (lib/sql-editor/pending-saves.ts). */
  PENDING_SQL_SAVE: (ref: string, id: string) => `${PENDING_SQL_SAVE_PREFIX}${ref}/${id}`,
  /**
   * The SQL editor's row limit (100, 500, 1000 or 'none'). Not on the keep-list: SPEC §4 names
   * the keep-list, and after a sign-out the next person starts from the safe default.
   */
  SQL_EDITOR_ROW_LIMIT: 'supaboard-sql-editor-row-limit',
} as const

export const SIGN_OUT_KEEP_LIST: string[] = [
  LOCAL_STORAGE_KEYS.THEME,
  LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT,
  LOCAL_STORAGE_KEYS.LAST_SIGN_IN_METHOD,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_API_SIDE_PANEL,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_COLUMN_PRIVILEGES,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_INLINE_EDITOR,
]

export function clearLocalStorageExceptKeepList(storage: Storage = window.localStorage) {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key !== null && !SIGN_OUT_KEEP_LIST.includes(key)) keys.push(key)
  }
  keys.forEach((key) => storage.removeItem(key))
}
