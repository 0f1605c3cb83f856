import { toast } from 'sonner'
import { usePolicyChangeMutation } from '@/data/auth-policies/policy-change-mutation'
import { useReviewedSql } from '../ProjectFeatures/shared/use-sql-change'

/** A change waiting for the user to read its SQL and run it. */
export type PolicyReview = {
  title: string
  description?: string
  sql: string
  confirmLabel: string
  danger?: boolean
  /** The toast once it ran. */
  success: string
  onDone?: () => void
}

/**
 * The project's one review-then-run flow (useReviewedSql), with the Policies page's mutation (it
 * reads the project's database again) and a toast once a change ran.
 */
export function usePolicyReview(projectRef: string) {
  const reviewed = useReviewedSql(projectRef, usePolicyChangeMutation())
  return {
    ...reviewed,
    propose(review: PolicyReview) {
      reviewed.propose({
        ...review,
        shownSql: review.sql,
        onDone: () => {
          toast.success(review.success)
          review.onDone?.()
        },
      })
    },
  }
}
export type PolicyReviewState = ReturnType<typeof usePolicyReview>
