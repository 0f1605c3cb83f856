import clsx from 'clsx'
import type { ReactElement } from 'react'
import { isTruncated, Tooltip } from '@/components/ui'

/**
 * A link or label cut off with an ellipsis (its own `truncate` class), with the whole text in a
 * tooltip when it is cut: on hover, and on keyboard focus of the link. For plain text, the UI
 * kit's `TruncatedText` does the same.
 */
export function Truncated({ text, className, children }: { text: string; className?: string; children: ReactElement }) {
  return (
    <Tooltip content={text} when={isTruncated} describe={false} className={clsx('block min-w-0', className)}>
      {children}
    </Tooltip>
  )
}
