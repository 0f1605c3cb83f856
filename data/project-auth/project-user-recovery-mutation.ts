import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

export type ProjectUserRecoveryVariables = { projectRef: string; email: string }

/** Sends a user a password recovery mail (through SMTP_URL, or the log). Changes nothing listed. */
export async function sendProjectUserRecovery({ projectRef, email }: ProjectUserRecoveryVariables) {
  return call(projectAuthRoutes.sendProjectUserRecovery, { params: { ref: projectRef }, body: { email } })
}

export function useProjectUserRecoveryMutation({ onError, ...options }: MutationOptions<void, ProjectUserRecoveryVariables> = {}) {
  return useMutation({
    mutationFn: sendProjectUserRecovery,
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to send the recovery mail: ${args[0].message}`)
    },
    ...options,
  })
}
