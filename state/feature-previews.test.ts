// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { appState } from './app'
import { editorPanelState } from './editor-panel'
import { featurePreviewsState, loadFeaturePreviews, setFeaturePreview, useFeaturePreviewsLoaded, useIsFeaturePreviewEnabled } from './feature-previews'
import { openEditorPanel } from './side-panels'

const { API_SIDE_PANEL, COLUMN_PRIVILEGES, INLINE_EDITOR } = FEATURE_PREVIEW_KEYS

beforeEach(() => {
  localStorage.clear()
  featurePreviewsState.enabled = {}
  featurePreviewsState.loaded = false
  appState.reset()
  editorPanelState.reset()
})

it('reads the stored flags ("true" only) when loaded', () => {
  localStorage.setItem(COLUMN_PRIVILEGES, 'true')
  localStorage.setItem(INLINE_EDITOR, 'yes')
  loadFeaturePreviews()
  expect(featurePreviewsState.loaded).toBe(true)
  expect(featurePreviewsState.enabled[COLUMN_PRIVILEGES]).toBe(true)
  expect(featurePreviewsState.enabled[INLINE_EDITOR]).toBe(false)
  expect(featurePreviewsState.enabled[API_SIDE_PANEL]).toBe(false)
})

it('stores a toggle as "true" / "false"', () => {
  setFeaturePreview(API_SIDE_PANEL, true)
  expect(localStorage.getItem(API_SIDE_PANEL)).toBe('true')
  setFeaturePreview(API_SIDE_PANEL, false)
  expect(localStorage.getItem(API_SIDE_PANEL)).toBe('false')
})

it('the hook loads the stored flags after the first render and follows toggles', async () => {
  localStorage.setItem(COLUMN_PRIVILEGES, 'true')
  const { result } = renderHook(() => ({ on: useIsFeaturePreviewEnabled(COLUMN_PRIVILEGES), loaded: useFeaturePreviewsLoaded() }))
  expect(result.current).toEqual({ on: true, loaded: true })
  // valtio tells subscribers after the change, in a microtask.
  await act(async () => setFeaturePreview(COLUMN_PRIVILEGES, false))
  expect(result.current.on).toBe(false)
})

it('follows a toggle made in another tab', () => {
  loadFeaturePreviews()
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: INLINE_EDITOR, newValue: 'true', storageArea: localStorage }))
  })
  expect(featurePreviewsState.enabled[INLINE_EDITOR]).toBe(true)
})

it('turning the API docs preview off closes the API docs panel', () => {
  setFeaturePreview(API_SIDE_PANEL, true)
  appState.showProjectApiDocs = true
  setFeaturePreview(API_SIDE_PANEL, false)
  expect(appState.showProjectApiDocs).toBe(false)
})

it('turning the inline editor preview off closes the editor panel', () => {
  setFeaturePreview(INLINE_EDITOR, true)
  openEditorPanel({ initialValue: 'select 1' })
  setFeaturePreview(INLINE_EDITOR, false)
  expect(editorPanelState.open).toBe(false)
})
