import { createContext, useContext, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import { TableChangeConflict, useTableChangeMutation } from '@/data/table-editor/table-change-mutation'

export type ReviewRequest = {
  title: string
  description?: ReactNode
  /** Builds the SQL; an Error thrown here (a value that cannot be written) is shown instead of SQL. */
  build: () => string
  /** The toast once it ran. */
  success: string
  /**
   * For an UPDATE or DELETE … RETURNING of rows the editor showed: the rows it must answer. Any
   * other count is said as a conflict (the rows are read again), not as success.
   */
  expectedRows?: number
  danger?: boolean
  runLabel?: string
  onDone?: () => void
}

type Review = (request: ReviewRequest) => void

const ReviewContext = createContext<Review | null>(null)

/** `review(…)`: show a change's SQL, run it when the user says so. */
export function useSqlReview(): Review {
  const review = useContext(ReviewContext)
  if (!review) throw new Error('useSqlReview needs a SqlReviewProvider')
  return review
}

/** Runs the changes of one project's editor, one review at a time. */
export function SqlReviewProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const [request, setRequest] = useState<(ReviewRequest & { sql: string | null; problem: string | null }) | null>(null)
  const change = useTableChangeMutation()

  const review: Review = (next) => {
    change.reset()
    try {
      setRequest({ ...next, sql: next.build(), problem: null })
    } catch (error) {
      setRequest({ ...next, sql: null, problem: (error as Error).message })
    }
  }

  const run = () => {
    if (!request?.sql) return
    change.mutate(
      { projectRef, sql: request.sql, expectedRows: request.expectedRows },
      {
        onSuccess: () => {
          toast.success(request.success)
          request.onDone?.()
          setRequest(null)
        },
      }
    )
  }

  return (
    <ReviewContext.Provider value={review}>
      {children}
      <SqlReviewDialog
        open={request !== null}
        title={request?.title ?? ''}
        description={request?.description}
        sql={request?.sql ?? null}
        problem={request?.problem}
        error={change.error?.message}
        errorTitle={change.error instanceof TableChangeConflict ? 'The rows changed meanwhile' : undefined}
        running={change.isPending}
        danger={request?.danger}
        runLabel={request?.runLabel}
        onRun={run}
        onClose={() => setRequest(null)}
      />
    </ReviewContext.Provider>
  )
}
