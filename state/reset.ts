/**
 * Every client store, reset at once: on sign-out nothing of the last user's work (SQL text,
 * results) may stay in memory for the next one. A new store in state/ adds its reset here.
 */
import { sqlEditorState } from './sql-editor'
import { editorPanelState } from './editor-panel'
import { aiAssistantState } from './ai-assistant'
import { historyHandOff } from './history-hand-off'

export function resetClientStores() {
  sqlEditorState.reset()
  editorPanelState.reset()
  aiAssistantState.reset()
  historyHandOff.reset()
}
