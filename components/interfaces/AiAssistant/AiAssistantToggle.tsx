import { Sparkles } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { Button } from '@/components/ui'
import { aiAssistantState, closeAiAssistant } from '@/state/ai-assistant'
import { openAiAssistant } from '@/state/side-panels'
import { AI_ASSISTANT_PANEL_ID } from './AiAssistant.constants'

/** Opens and closes the assistant beside the page (opening it closes the editor panel). */
export function AiAssistantToggle() {
  const { open } = useSnapshot(aiAssistantState)
  return (
    <Button
      size="tiny"
      type={open ? 'default' : 'text'}
      icon={<Sparkles size={14} aria-hidden />}
      aria-pressed={open}
      aria-controls={open ? AI_ASSISTANT_PANEL_ID : undefined}
      onClick={() => (open ? closeAiAssistant() : openAiAssistant())}
    >
      AI assistant
    </Button>
  )
}
