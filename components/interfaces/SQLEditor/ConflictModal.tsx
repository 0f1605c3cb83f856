import { Button, Modal } from '@/components/ui'
import type { Content } from '@/lib/api-types'

export type ConflictChoice = 'mine' | 'theirs' | 'copy'

export type ConflictModalProps = {
  open: boolean
  /** The snippet as it is on the server now. */
  current: Content
  busy: ConflictChoice | null
  onChoose: (choice: ConflictChoice) => void
  /** Closing decides nothing: autosave stays stopped and the toolbar offers to resolve it later. */
  onClose: () => void
}

/** A save was refused because someone saved the snippet meanwhile: the user picks which text wins. */
export function ConflictModal({ open, current, busy, onChoose, onClose }: ConflictModalProps) {
  const who = current.updated_by?.username ?? 'someone'
  const when = new Date(current.updated_at).toLocaleString()
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="This snippet was changed elsewhere"
      description={`${who} saved a newer version at ${when}. Your changes are kept on this device until you choose.`}
      preventBackdropClose
      footer={
        <>
          <Button type="outline" loading={busy === 'copy'} disabled={busy !== null} onClick={() => onChoose('copy')}>
            Save mine as a new snippet
          </Button>
          <Button type="outline" loading={busy === 'theirs'} disabled={busy !== null} onClick={() => onChoose('theirs')}>
            Use theirs
          </Button>
          <Button type="primary" loading={busy === 'mine'} disabled={busy !== null} onClick={() => onChoose('mine')}>
            Keep mine
          </Button>
        </>
      }
    >
      <p className="text-sm text-foreground-light">
        <strong className="font-medium text-foreground">Keep mine</strong> saves your text over theirs.{' '}
        <strong className="font-medium text-foreground">Use theirs</strong> replaces your text with theirs.{' '}
        <strong className="font-medium text-foreground">Save mine as a new snippet</strong> keeps both.
      </p>
      <pre className="mt-3 max-h-40 overflow-auto rounded-md border border-border bg-background p-2 font-mono text-xs whitespace-pre-wrap text-foreground-light">
        {current.content.sql.slice(0, 2_000) || '(empty)'}
      </pre>
    </Modal>
  )
}
