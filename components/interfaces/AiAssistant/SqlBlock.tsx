import { useRouter } from 'next/router'
import { PanelRight, SquareTerminal } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui'
import { CopyButton, copyToClipboard } from '@/components/ui/CopyButton'
import { useFlag } from '@/data/feature-flags/use-flag'
import { ASSISTANT_PREVIEW_FLAG, ASSISTANT_PREVIEW_KEY } from '@/lib/feature-previews'
import { aiAssistantState } from '@/state/ai-assistant'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { openEditorPanel } from '@/state/side-panels'

/**
 * SQL the assistant proposed, with its actions. Insert hands the SQL to the SQL editor through
 * `aiAssistantState.sqlSnippets` (the editor takes what is queued there) and opens the editor when
 * another page is shown; it is copied to the clipboard too, so it is never lost. With the assistant
 * feature preview on (flag functionsAssistantV2), Open in SQL panel puts it in the editor panel.
 */
export function SqlBlock({ sql, complete, projectRef }: { sql: string; complete: boolean; projectRef: string }) {
  const router = useRouter()
  // The assistant feature preview (behind its flag): the SQL can open in the SQL panel beside the page.
  const previewFlag = useFlag(ASSISTANT_PREVIEW_FLAG)
  const previewOn = useIsFeaturePreviewEnabled(ASSISTANT_PREVIEW_KEY)
  const canOpenInPanel = previewFlag && previewOn

  const insert = async () => {
    aiAssistantState.sqlSnippets.push(sql)
    const copied = await copyToClipboard(sql).then(
      () => true,
      () => false
    )
    toast.success(copied ? 'SQL sent to the editor (and copied to the clipboard)' : 'SQL sent to the editor')
    if (!router.pathname.startsWith('/project/[ref]/sql')) void router.push(`/project/${projectRef}/sql/new`)
  }

  return (
    <figure className="overflow-hidden rounded-md border border-border bg-background">
      <pre className="max-h-80 overflow-auto p-3 font-mono text-xs leading-relaxed text-foreground">
        <code>{sql}</code>
      </pre>
      <figcaption className="flex items-center justify-end gap-1 border-t border-border bg-surface-raised px-2 py-1">
        <span className="sr-only">SQL</span>
        <CopyButton size="tiny" type="text" text={sql} label="Copy SQL" disabled={!complete}>
          Copy
        </CopyButton>
        <Button size="tiny" type="text" icon={<SquareTerminal size={14} aria-hidden />} disabled={!complete} onClick={() => void insert()}>
          Insert into editor
        </Button>
        {canOpenInPanel && (
          <Button size="tiny" type="text" icon={<PanelRight size={14} aria-hidden />} disabled={!complete} onClick={() => openInSqlPanel(sql)}>
            Open in SQL panel
          </Button>
        )}
      </figcaption>
    </figure>
  )
}

/** The SQL in the SQL panel, ready to run; the panel takes the assistant's place (the conversation is kept). */
function openInSqlPanel(sql: string) {
  openEditorPanel({ label: 'SQL from the assistant', saveLabel: 'Run', initialValue: sql, initialPrompt: '' })
}
