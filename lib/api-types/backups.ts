/**
 * Backups of a project's database: same-server snapshots, daily for plans that keep them and on
 * demand (docs/backups.md).
 */
import { z } from 'zod'
import { projectParams } from './projects'
import { textField } from './zod-helpers'

export const BACKUP_KINDS = ['daily', 'manual'] as const
export const BACKUP_STATUSES = ['pending', 'completed', 'failed'] as const

export const backup = z.object({
  id: z.number(),
  project_ref: z.string(),
  kind: z.enum(BACKUP_KINDS),
  status: z.enum(BACKUP_STATUSES),
  size_bytes: z.number().nullable(),
  error: z.string().nullable(),
  inserted_at: z.string(),
  completed_at: z.string().nullable(),
})
export type Backup = z.infer<typeof backup>

export const backupList = z.object({
  backups: z.array(backup),
  /** Days daily backups are kept on the project's plan (0: none, one on-demand backup kept). */
  retention_days: z.number(),
  /** Whether the platform makes a daily backup of this project. */
  daily: z.boolean(),
  /** Whether a backup can be downloaded as a dump here; `download_note` says why not. */
  downloadable: z.boolean(),
  download_note: z.string().nullable(),
})
export type BackupList = z.infer<typeof backupList>

export const backupParams = projectParams.extend({ id: z.coerce.number().int().positive() })

export const cloneBackupBody = z.object({
  name: textField('Project name').trim().min(1, 'Project name is required').max(64, 'Project name must be 64 characters or fewer'),
})
export type CloneBackupBody = z.infer<typeof cloneBackupBody>

export const restoreAnswer = z.object({ ref: z.string(), status: z.string(), backup_id: z.number() })
export type RestoreAnswer = z.infer<typeof restoreAnswer>
