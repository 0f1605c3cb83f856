import { Alert, Button } from '@/components/ui'

/** A list or page that could not load: what failed, the platform's message, and a way to try again. */
export function QueryErrorAlert({
  title,
  error,
  onRetry,
  retrying,
  className,
}: {
  title: string
  error: { message: string }
  onRetry: () => void
  retrying?: boolean
  className?: string
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
      {error.message}
    </Alert>
  )
}
