/**
 * Every key the dashboard keeps in localStorage, named in one place, so that sign-out can clear
 * everything except the keep-list (SPEC §4): theme, telemetry consent, last sign-in method and
 * UI preview flags.
 */
export const PENDING_SQL_SAVE_PREFIX = 'supaboard-pending-sql-save:'

export const LOCAL_STORAGE_KEYS = {
  THEME: 'theme',
  TELEMETRY_CONSENT: 'supaboard-telemetry-consent',
  /**
   * The browser's random telemetry id (lib/telemetry/anonymous-id.ts), made after consent. Not on
   * the keep-list: after a sign-out the browser starts over with a new one, linked to nobody.
   */
  TELEMETRY_ANONYMOUS_ID: 'supaboard-telemetry-anonymous-id',
  LAST_SIGN_IN_METHOD: 'supaboard-last-sign-in-method',
  UI_PREVIEW_API_SIDE_PANEL: 'supaboard-ui-preview-api-side-panel',
  UI_PREVIEW_COLUMN_PRIVILEGES: 'supaboard-ui-preview-column-privileges',
  UI_PREVIEW_INLINE_EDITOR: 'supaboard-ui-preview-inline-editor',
  UI_PREVIEW_ASSISTANT_V2: 'supaboard-ui-preview-assistant-v2',
  AUTH_SESSION: 'supaboard-auth-token',
  LAST_VISITED_SNIPPET: (ref: string) => `supaboard-last-visited-snippet-${ref}`,
  /** SQL editor text not acknowledged by the server yet (lib/sql-editor/pending-saves.ts). */
  PENDING_SQL_SAVE: (ref: string, id: string) => `${PENDING_SQL_SAVE_PREFIX}${ref}/${id}`,
  /**
   * The SQL editor's row limit (100, 500, 1000 or 'none'). Not on the keep-list: SPEC §4 names
   * the keep-list, and after a sign-out the next person starts from the safe default.
   */
  SQL_EDITOR_ROW_LIMIT: 'supaboard-sql-editor-row-limit',
  /** The last feature flag configuration and its ETag (data/feature-flags/flag-config-cache.ts): flags are right from the first render. */
  FEATURE_FLAGS_CONFIG: 'supaboard-feature-flags-config',
  /** The Fly Postgres deprecation notice was dismissed (SPEC §4: it stays hidden). Not on SPEC's keep-list. */
  FLY_NOTICE_DISMISSED: 'supaboard-fly-notice-dismissed',
  /** The editor's share of the SQL editor's height (0–1). A layout choice, not on the keep-list. */
  SQL_EDITOR_SPLIT: 'supaboard-sql-editor-split',
  /** The GitHub app pop-up under way: its random state and the organization (lib/github-app/state.ts). */
  GITHUB_AUTHORIZATION_STATE: 'supaboard-github-authorization-state',
  /** The theme sandbox stays open on every page (development builds only). */
  THEME_SANDBOX: 'supaboard-theme-sandbox',
} as const

export const SIGN_OUT_KEEP_LIST: string[] = [
  LOCAL_STORAGE_KEYS.THEME,
  LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT,
  LOCAL_STORAGE_KEYS.LAST_SIGN_IN_METHOD,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_API_SIDE_PANEL,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_COLUMN_PRIVILEGES,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_INLINE_EDITOR,
  LOCAL_STORAGE_KEYS.UI_PREVIEW_ASSISTANT_V2,
]

export function clearLocalStorageExceptKeepList(storage: Storage = window.localStorage) {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key !== null && !SIGN_OUT_KEEP_LIST.includes(key)) keys.push(key)
  }
  keys.forEach((key) => storage.removeItem(key))
}
