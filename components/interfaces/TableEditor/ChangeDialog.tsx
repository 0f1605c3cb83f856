import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import { useTableChangeMutation } from '@/data/table-editor/table-change-mutation'

/** Builds SQL from a builder, or the builder's refusal as the problem to show. */
export function attempt(build: () => string): { sql: string | null; problem: string | null } {
  try {
    return { sql: build(), problem: null }
  } catch (error) {
    return { sql: null, problem: (error as Error).message }
  }
}

/**
 * A change with options chosen in the dialog itself (a new name, "cascade", the name typed to
 * confirm): the SQL below the options follows them as they change, and runs on "Run".
 */
export function ChangeDialog({
  projectRef,
  title,
  build,
  success,
  onDone,
  onClose,
  danger,
  runLabel,
  runDisabled,
  children,
}: {
  projectRef: string
  title: string
  build: () => string
  success: string
  onDone: () => void
  onClose: () => void
  danger?: boolean
  runLabel?: string
  runDisabled?: boolean
  children: ReactNode
}) {
  const change = useTableChangeMutation()
  const { sql, problem } = attempt(build)
  return (
    <SqlReviewDialog
      open
      title={title}
      sql={sql}
      problem={problem}
      error={change.error?.message}
      running={change.isPending}
      danger={danger}
      runLabel={runLabel}
      runDisabled={runDisabled}
      onClose={onClose}
      onRun={() =>
        sql &&
        change.mutate(
          { projectRef, sql },
          {
            onSuccess: () => {
              toast.success(success)
              onDone()
            },
          }
        )
      }
    >
      {children}
    </SqlReviewDialog>
  )
}
