/** Words of the Backups page, apart from rendering. */
import type { Backup } from '@/lib/api-types'

/** What the page says about keeping backups on the project's plan. */
export function retentionText({ retention_days, daily }: { retention_days: number; daily: boolean }): string {
  if (!daily) return 'Your plan keeps one backup: the latest one made with "Back up now" (a new one replaces it). Upgrade for daily backups.'
  return `A backup is made every day and kept for ${retention_days} ${retention_days === 1 ? 'day' : 'days'}. You can also back up now.`
}

export const KIND_LABEL: Record<Backup['kind'], string> = { daily: 'Daily', manual: 'On demand' }
export const STATUS_LABEL: Record<Backup['status'], string> = { pending: 'In progress', completed: 'Completed', failed: 'Failed' }
