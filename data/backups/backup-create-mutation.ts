import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { backupRoutes } from '@/lib/api-types/browser/backups.routes'
import type { Backup } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { backupKeys } from './keys'

export type BackupCreateVariables = { projectRef: string }

/** Backs the project's database up now; answers once the copy is done (completed or failed). */
export async function createBackup({ projectRef }: BackupCreateVariables) {
  return call(backupRoutes.createBackup, { params: { ref: projectRef } })
}

export function useBackupCreateMutation({ onSuccess, onError, ...options }: MutationOptions<Backup, BackupCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBackup,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: backupKeys.list(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to back up the database: ${args[0].message}`)
    },
    ...options,
  })
}
