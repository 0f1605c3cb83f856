import { SquareTerminal } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { Button } from '@/components/ui'
import { closeEditorPanel, editorPanelState } from '@/state/editor-panel'
import { openEditorPanel } from '@/state/side-panels'
import { EDITOR_PANEL_ID } from './EditorPanel.constants'

/** Opens an empty SQL panel: its templates to start from, Run to run it (closes the assistant). */
function openSqlPanel() {
  openEditorPanel({ label: 'SQL', saveLabel: 'Run', initialValue: '', initialPrompt: '' })
}

/** The header button of ProjectLayout that opens and closes the SQL panel. */
export function EditorPanelToggle() {
  const { open } = useSnapshot(editorPanelState)
  return (
    <Button
      size="tiny"
      type={open ? 'default' : 'text'}
      icon={<SquareTerminal size={14} aria-hidden />}
      aria-pressed={open}
      aria-controls={open ? EDITOR_PANEL_ID : undefined}
      onClick={() => (open ? closeEditorPanel() : openSqlPanel())}
    >
      SQL panel
    </Button>
  )
}
