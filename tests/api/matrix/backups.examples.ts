import type { backupRoutes } from '@/lib/api-types'
import type { Examples } from './types'

/** No backup 999999: callers the policy lets through get 404, the others 403 (or 404 outside). */
export const backupExamples: Examples<typeof backupRoutes> = {
  listBackups: { path: (fx) => `/platform/projects/${fx.ref}/backups` },
  createBackup: { path: (fx) => `/platform/projects/${fx.ref}/backups` },
  restoreBackup: { path: (fx) => `/platform/projects/${fx.ref}/backups/999999/restore`, status: 404 },
  downloadBackup: { path: (fx) => `/platform/projects/${fx.ref}/backups/999999/download`, status: 404 },
  cloneBackup: { path: (fx) => `/platform/projects/${fx.ref}/backups/999999/clone`, body: () => ({ name: 'Clone' }), status: 404 },
  deleteBackup: { path: (fx) => `/platform/projects/${fx.ref}/backups/999999`, status: 404 },
}
