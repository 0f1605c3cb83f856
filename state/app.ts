/**
 * The dashboard's shared UI state (SPEC §3): which modal or panel is open, the API docs panel's
 * section and language, the selected feature preview. Nothing here is server data.
 */
import { proxy } from 'valtio'

export type DocsLanguage = 'js' | 'bash'

type AppState = {
  activeDocsSection: string[]
  docsLanguage: DocsLanguage
  showProjectApiDocs: boolean
  isOptedInTelemetry: boolean
  showFeaturePreviewModal: boolean
  selectedFeaturePreview: string
  showBranchingModal: boolean
  showAiSettingsModal: boolean
  showGenerateSqlModal: boolean
  showOngoingQueriesPanel: boolean
  showMobileMenu: boolean
  showCommandMenu: boolean
}

const initial = (): AppState => ({
  activeDocsSection: ['introduction'],
  docsLanguage: 'js',
  showProjectApiDocs: false,
  isOptedInTelemetry: false,
  showFeaturePreviewModal: false,
  selectedFeaturePreview: '',
  showBranchingModal: false,
  showAiSettingsModal: false,
  showGenerateSqlModal: false,
  showOngoingQueriesPanel: false,
  showMobileMenu: false,
  showCommandMenu: false,
})

export const appState = proxy({
  ...initial(),
  reset() {
    Object.assign(appState, initial())
  },
})
