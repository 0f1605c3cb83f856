import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { backupRoutes } from '@/lib/api-types/browser/backups.routes'
import type { RestoreAnswer } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from '../projects/keys'
import { setProjectStatus } from '../projects/project-status'
import { backupKeys } from './keys'

export type BackupRestoreVariables = { projectRef: string; id: number }

/** Replaces the project's database with the backup's; the project is RESTORING until it is done. */
export async function restoreBackup({ projectRef, id }: BackupRestoreVariables) {
  return call(backupRoutes.restoreBackup, { params: { ref: projectRef, id } })
}

/**
 * On success the project's status is RESTORING in the caches at once, and the detail is fetched
 * again: the project pages then show the progress and poll until it ends.
 */
export function useBackupRestoreMutation({ onSuccess, onError, ...options }: MutationOptions<RestoreAnswer, BackupRestoreVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreBackup,
    async onSuccess(...args) {
      const { projectRef } = args[1]
      setProjectStatus(queryClient, projectRef, 'RESTORING')
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef) })
      await queryClient.invalidateQueries({ queryKey: backupKeys.list(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to restore the backup: ${args[0].message}`)
    },
    ...options,
  })
}
