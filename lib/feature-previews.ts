/**
 * The dashboard's feature previews (SPEC §3): each a boolean stored in localStorage under the
 * key named here (on the sign-out keep-list). The modal that lists them, with what each one does,
 * is components/interfaces/FeaturePreviews; the store is state/feature-previews.ts.
 */
import { LOCAL_STORAGE_KEYS } from './local-storage'

export const FEATURE_PREVIEW_KEYS = {
  API_SIDE_PANEL: LOCAL_STORAGE_KEYS.UI_PREVIEW_API_SIDE_PANEL,
  COLUMN_PRIVILEGES: LOCAL_STORAGE_KEYS.UI_PREVIEW_COLUMN_PRIVILEGES,
  INLINE_EDITOR: LOCAL_STORAGE_KEYS.UI_PREVIEW_INLINE_EDITOR,
} as const

/** SPEC §3's preview feature flags: offered to everyone. */
export type FeaturePreviewKey = (typeof FEATURE_PREVIEW_KEYS)[keyof typeof FEATURE_PREVIEW_KEYS]

/**
 * The assistant preview: stored like the others, but offered only while the feature flag
 * `functionsAssistantV2` is on (SPEC §6), so it is kept apart from the three everyone gets.
 */
export const ASSISTANT_PREVIEW_KEY = LOCAL_STORAGE_KEYS.UI_PREVIEW_ASSISTANT_V2

/** Every preview the dashboard stores, flag-gated ones included. */
export type PreviewKey = FeaturePreviewKey | typeof ASSISTANT_PREVIEW_KEY

export const ALL_PREVIEW_KEYS: readonly PreviewKey[] = [...Object.values(FEATURE_PREVIEW_KEYS), ASSISTANT_PREVIEW_KEY]

export function isPreviewKey(value: unknown): value is PreviewKey {
  return typeof value === 'string' && (ALL_PREVIEW_KEYS as readonly string[]).includes(value)
}

/** The feature flag the assistant preview waits for: while it is off, the preview is "Coming soon". */
export const ASSISTANT_PREVIEW_FLAG = 'functionsAssistantV2'

/** Where people discuss the dashboard and ask for what it lacks. */
export const DASHBOARD_DISCUSSIONS_URL = 'https://github.com/orgs/supabase/discussions'

/** The discussions about one subject: a search of the discussions, so the link never goes stale. */
export const discussionsAbout = (subject: string) => `${DASHBOARD_DISCUSSIONS_URL}?discussions_q=${encodeURIComponent(subject)}`

/** The user docs page about feature previews (docs/feature-previews.md, served at /docs/…). */
export const FEATURE_PREVIEWS_DOCS_PATH = '/docs/feature-previews'

/** What the preview toggles emit (SPEC §4), with `{ feature: key }`. */
export const FEATURE_PREVIEW_EVENTS = {
  enabled: 'feature_preview_enabled',
  disabled: 'feature_preview_disabled',
  opened: 'feature_previews_clicked',
} as const
