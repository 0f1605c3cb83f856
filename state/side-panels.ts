/**
 * The editor panel and the AI assistant panel share one place beside the page: opening one
 * closes the other (SPEC §4).
 */
import { aiAssistantState } from './ai-assistant'
import { closeEditorPanel, editorPanelState, showEditorPanel, type EditorPanelOptions } from './editor-panel'

export function openEditorPanel(options: EditorPanelOptions = {}) {
  aiAssistantState.open = false
  showEditorPanel(options)
}

export function openAiAssistant(initialInput?: string) {
  if (editorPanelState.open) closeEditorPanel()
  aiAssistantState.open = true
  if (initialInput !== undefined) aiAssistantState.initialInput = initialInput
}
