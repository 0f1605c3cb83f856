import type { backupRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { createBackup, deleteBackup, listBackups, requestRestore } from './backups'
import { serverAdminUrl } from '../databases/project-admin'
import { dumpAvailability, streamDump } from './download'
import { pruneBackups } from './retention'
import { cloneBackup } from './clone'

export const backupHandlers: Handlers<typeof backupRoutes> = {
  listBackups: async ({ platform, access }) => listBackups(platform, access),
  createBackup: async ({ platform, access }) => {
    const backup = (await createBackup(platform, access.ref, 'manual'))!
    // On a plan that keeps one backup, the new one replaces the one before.
    if (backup.status === 'completed') await pruneBackups(platform, access.ref)
    return backup
  },
  restoreBackup: async ({ platform, access, params, user }) => requestRestore(platform, access, params.id, user),
  cloneBackup: async ({ platform, access, params, body, user }) => cloneBackup(platform, access, params.id, body, user),
  deleteBackup: async ({ platform, access, params }) => deleteBackup(platform, access, params.id),
  downloadBackup: async ({ platform, access, params, res }) => {
    const [row] = await platform.db.query<{ database_name: string; status: string }>(
      'select database_name, status from project_backups where id = $1 and project_ref = $2',
      [params.id, access.ref]
    )
    if (!row) throw new PlatformError(404, 'Backup not found')
    if (row.status !== 'completed') throw new PlatformError(409, 'Only a completed backup can be downloaded.')
    const dump = await dumpAvailability(platform, access)
    if (!dump.available) throw new PlatformError(501, dump.reason)
    await streamDump(res, dump.binary, serverAdminUrl(platform, access.region), row.database_name, `${access.ref}-backup-${params.id}.dump`)
    return undefined
  },
}
