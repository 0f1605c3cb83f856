import { useMutation, useQueryClient } from '@tanstack/react-query'
import { backupRoutes } from '@/lib/api-types/browser/backups.routes'
import type { ProjectDetail } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from '../projects/keys'

export type BackupCloneVariables = { projectRef: string; id: number; name: string }

/** A new project of the same organization whose database starts as a copy of the backup (COMING_UP until it is). */
export async function cloneBackup({ projectRef, id, name }: BackupCloneVariables) {
  return call(backupRoutes.cloneBackup, { params: { ref: projectRef, id }, body: { name } })
}

/** The caller shows the refusal (plan limits) where the name was typed. */
export function useBackupCloneMutation({ onSuccess, ...options }: MutationOptions<ProjectDetail, BackupCloneVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cloneBackup,
    async onSuccess(...args) {
      queryClient.setQueryData(projectKeys.detail(args[0].ref), args[0])
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      await onSuccess?.(...args)
    },
    ...options,
  })
}
