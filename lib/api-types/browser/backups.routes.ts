// Generated from ../backups.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { backupRoutes as declaredBackupRoutes } from '../backups.routes'
import { browserRoutes } from './browser-route'

export const backupRoutes = browserRoutes<typeof declaredBackupRoutes>({
  listBackups: ['GET', '/platform/projects/:ref/backups', 'user'],
  createBackup: ['POST', '/platform/projects/:ref/backups', 'user'],
  restoreBackup: ['POST', '/platform/projects/:ref/backups/:id/restore', 'user'],
  downloadBackup: ['GET', '/platform/projects/:ref/backups/:id/download', 'user'],
  cloneBackup: ['POST', '/platform/projects/:ref/backups/:id/clone', 'user'],
  deleteBackup: ['DELETE', '/platform/projects/:ref/backups/:id', 'user'],
})
