/**
 * The dashboard's shared UI state (SPEC §3): which modal or panel is open, the API docs panel's
 * section and language, the selected feature preview. Nothing here is server data. Of SPEC §3's
 * flags, those of screens that keep their open state themselves (branching, AI settings, generate
 * SQL, ongoing queries) and the telemetry consent (state/consent.ts) are not here.
 */
import { proxy } from 'valtio'

export type DocsLanguage = 'js' | 'bash'

type AppState = {
  activeDocsSection: string[]
  docsLanguage: DocsLanguage
  showProjectApiDocs: boolean
  showFeaturePreviewModal: boolean
  selectedFeaturePreview: string
  showMobileMenu: boolean
  showCommandMenu: boolean
}

const initial = (): AppState => ({
  activeDocsSection: ['introduction'],
  docsLanguage: 'js',
  showProjectApiDocs: false,
  showFeaturePreviewModal: false,
  selectedFeaturePreview: '',
  showMobileMenu: false,
  showCommandMenu: false,
})

export const appState = proxy({
  ...initial(),
  reset() {
    Object.assign(appState, initial())
  },
})
