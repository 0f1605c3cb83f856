import { useRouter } from 'next/router'
import { useState } from 'react'
import { toast } from 'sonner'
import { useContentUpsertMutation } from '@/data/content/content-upsert-mutation'
import type { SnippetSaver } from '@/state/snippet-saver'
import type { ConflictChoice } from './ConflictModal'

/**
 * The three ways out of a conflict. `setText` replaces the editor's text (for "Use theirs");
 * `getText` reads what the user has (for "Save mine as a new snippet").
 */
export function useConflictChoice({
  projectRef,
  saver,
  getText,
  setText,
}: {
  projectRef: string
  saver: SnippetSaver
  getText: () => string
  setText: (sql: string) => void
}) {
  const router = useRouter()
  const [busy, setBusy] = useState<ConflictChoice | null>(null)
  const [dismissed, setDismissed] = useState(false)
  const { mutateAsync: upsert } = useContentUpsertMutation({ onError: () => undefined })

  const choose = async (choice: ConflictChoice) => {
    const status = saver.getSnapshot().status
    if (status.kind !== 'conflict') return
    setBusy(choice)
    try {
      if (choice === 'mine') await saver.keepMine()
      if (choice === 'theirs') {
        const sql = saver.useTheirs()
        if (sql !== null) setText(sql)
      }
      if (choice === 'copy') {
        const id = crypto.randomUUID()
        const saved = await upsert({
          ref: projectRef,
          id,
          name: `${status.current.name} (my version)`.slice(0, 256),
          type: 'sql',
          visibility: 'user',
          content: { sql: getText() },
        })
        saver.abandon()
        await router.push(`/project/${projectRef}/sql/${saved.id}`)
      }
    } catch (error) {
      toast.error(`Could not save: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setBusy(null)
      setDismissed(false)
    }
  }

  return { busy, choose, dismissed, dismiss: () => setDismissed(true), reopen: () => setDismissed(false) }
}
