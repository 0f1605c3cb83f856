import type { ReactNode } from 'react'
import { Button } from './Button'
import type { ControlSize } from './sizes'

type ActionTarget =
  /** The action runs a handler… */
  | { onAction: () => void; form?: never }
  /** …or submits the form of this id (the button sits in the footer, outside the form). */
  | { form: string; onAction?: never }

export type ModalActionsProps = ActionTarget & {
  /** The action button's label (and accessible name). */
  actionLabel: ReactNode
  tone?: 'primary' | 'danger'
  onCancel: () => void
  /** While the action runs: its button shows a spinner, and neither button can be pressed. */
  busy?: boolean
  /** Blocks the action (e.g. until the name is typed); Cancel stays available. */
  actionDisabled?: boolean
  /** Why the action is blocked, shown at the left of the row. */
  note?: ReactNode
  size?: ControlSize
  /** Focus starts on Cancel (a dialog that asks before something that cannot be undone). */
  autoFocusCancel?: boolean
}

/**
 * The footer of a dialog that asks before acting: Cancel, then the one action. Goes in the
 * `footer` of a Modal or SidePanel, whose row aligns it right.
 */
export function ModalActions({
  actionLabel,
  tone = 'primary',
  onCancel,
  busy = false,
  actionDisabled,
  note,
  size,
  autoFocusCancel,
  onAction,
  form,
}: ModalActionsProps) {
  return (
    <>
      {note && <span className="mr-auto text-xs text-foreground-light">{note}</span>}
      <Button type="default" size={size} onClick={onCancel} disabled={busy} autoFocus={autoFocusCancel}>
        Cancel
      </Button>
      <Button
        type={tone}
        size={size}
        loading={busy}
        disabled={actionDisabled}
        {...(form !== undefined ? { htmlType: 'submit' as const, form } : { onClick: onAction })}
      >
        {actionLabel}
      </Button>
    </>
  )
}
