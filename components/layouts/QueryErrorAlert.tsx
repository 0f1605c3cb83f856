import type { ReactNode } from 'react'
import { Alert, Button } from '@/components/ui'

/**
 * Anything that could not load: what failed, the platform's message, and a way to try again. The
 * one error block with "Try again" in the dashboard.
 */
export function QueryErrorAlert({
  title,
  error,
  onRetry,
  retrying,
  className,
  children,
}: {
  title: string
  error: { message: string }
  onRetry: () => void
  retrying?: boolean
  className?: string
  /** Shown instead of the bare message (the message in code type, or with advice after it). */
  children?: ReactNode
}) {
  return (
    <Alert
      variant="danger"
      title={title}
      className={className}
      actions={
        <Button size="tiny" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children ?? error.message}
    </Alert>
  )
}
