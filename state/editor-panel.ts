/**
 * The editor panel (SPEC §3, §4): a side panel that edits one piece of SQL outside the SQL editor
 * (a function body, a policy …) and offers templates built from the template snippets. Open it
 * with side-panels.ts (it closes the AI assistant panel). Closing it forgets its initial prompt;
 * an empty initial value brings the default templates back.
 */
import { proxy } from 'valtio'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { SNIPPETS } from '@/lib/snippets'
import { closeWhenPreviewOff } from './feature-previews'
import { resetOnSignOut } from './reset'

export type EditorPanelTemplate = { name: string; description: string; content: string }

export type EditorPanelState = {
  open: boolean
  initialValue: string
  label: string
  saveLabel: string
  initialPrompt: string
  templates: EditorPanelTemplate[]
}

export const defaultEditorTemplates = (): EditorPanelTemplate[] =>
  SNIPPETS.filter((s) => s.type === 'template').map((s) => ({ name: s.title, description: s.description, content: s.sql }))

const initial = (): EditorPanelState => ({ open: false, initialValue: '', label: '', saveLabel: 'Save', initialPrompt: '', templates: defaultEditorTemplates() })

export const editorPanelState = proxy({
  ...initial(),
  reset() {
    Object.assign(editorPanelState, initial())
  },
})
resetOnSignOut(() => editorPanelState.reset())

export type EditorPanelOptions = Partial<Omit<EditorPanelState, 'open'>>

/** Shows the panel with `options`; side-panels.ts closes the assistant first. */
export function showEditorPanel(options: EditorPanelOptions = {}) {
  Object.assign(editorPanelState, options, { open: true })
  if (options.initialValue !== undefined) setEditorPanelInitialValue(options.initialValue)
}

export function closeEditorPanel() {
  editorPanelState.open = false
  editorPanelState.initialPrompt = ''
}

// The panel belongs to the inline editor preview: turning it off closes the panel.
closeWhenPreviewOff(FEATURE_PREVIEW_KEYS.INLINE_EDITOR, () => {
  if (editorPanelState.open) closeEditorPanel()
})

/** An empty value means "start from a template": the default templates come back. */
export function setEditorPanelInitialValue(value: string) {
  editorPanelState.initialValue = value
  if (value === '') editorPanelState.templates = defaultEditorTemplates()
}
