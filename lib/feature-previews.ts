/**
 * The dashboard's feature previews (SPEC §3): each a boolean stored in localStorage under the
 * key named here (on the sign-out keep-list).
 */
import { LOCAL_STORAGE_KEYS } from './local-storage'

export const FEATURE_PREVIEW_KEYS = {
  API_SIDE_PANEL: LOCAL_STORAGE_KEYS.UI_PREVIEW_API_SIDE_PANEL,
  COLUMN_PRIVILEGES: LOCAL_STORAGE_KEYS.UI_PREVIEW_COLUMN_PRIVILEGES,
  INLINE_EDITOR: LOCAL_STORAGE_KEYS.UI_PREVIEW_INLINE_EDITOR,
} as const

export type FeaturePreviewKey = (typeof FEATURE_PREVIEW_KEYS)[keyof typeof FEATURE_PREVIEW_KEYS]
