import { useState } from 'react'
import { toast } from 'sonner'
import { usePolicyChangeMutation } from '@/data/auth-policies/policy-change-mutation'

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
 * One change at a time through the SQL review dialog: `propose` opens it, `confirm` runs the SQL
 * (a refusal keeps Postgres' message in the dialog), and it closes on success.
 */
export function usePolicyReview(projectRef: string) {
  const mutation = usePolicyChangeMutation()
  const [pending, setPending] = useState<PolicyReview | null>(null)
  return {
    pending,
    running: mutation.isPending,
    error: mutation.error?.message ?? null,
    propose(review: PolicyReview) {
      mutation.reset()
      setPending(review)
    },
    confirm() {
      if (!pending) return
      mutation.mutate(
        { projectRef, sql: pending.sql },
        {
          onSuccess: () => {
            toast.success(pending.success)
            pending.onDone?.()
            setPending(null)
          },
        }
      )
    },
    close() {
      if (mutation.isPending) return
      mutation.reset()
      setPending(null)
    },
  }
}
export type PolicyReviewState = ReturnType<typeof usePolicyReview>
