/**
 * A project's backups: list them, make one now, restore one into the project, delete one.
 * Everyone reads the list; making one is for builders, restoring and deleting for admins (a
 * restore replaces the project's data).
 */
import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { backup, backupList, backupParams, cloneBackupBody, restoreAnswer } from './backups'
import { projectDetail } from './projects'

export const backupRoutes = {
  listBackups: route({
    method: 'GET',
    path: '/platform/projects/:ref/backups',
    params: projectParams,
    answer: backupList,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  createBackup: route({
    method: 'POST',
    path: '/platform/projects/:ref/backups',
    params: projectParams,
    answer: backup,
    status: 201,
    action: 'backups:create',
    scope: byProjectRef,
  }),
  restoreBackup: route({
    method: 'POST',
    path: '/platform/projects/:ref/backups/:id/restore',
    params: backupParams,
    answer: restoreAnswer,
    status: 202,
    action: 'backups:restore',
    scope: byProjectRef,
  }),
  /** `pg_dump -Fc` of the backup, streamed; 501 when no pg_dump of the server's major version is installed. */
  downloadBackup: route({
    method: 'GET',
    path: '/platform/projects/:ref/backups/:id/download',
    params: backupParams,
    answer: z.unknown(),
    action: 'backups:download',
    scope: byProjectRef,
  }),
  /** A new project of the same organization whose database starts as a copy of the backup (plan limits as for any new project). */
  cloneBackup: route({
    method: 'POST',
    path: '/platform/projects/:ref/backups/:id/clone',
    params: backupParams,
    body: cloneBackupBody,
    answer: projectDetail,
    status: 201,
    action: 'projects:create',
    scope: byProjectRef,
    platformOnly: true,
  }),
  deleteBackup: route({
    method: 'DELETE',
    path: '/platform/projects/:ref/backups/:id',
    params: backupParams,
    answer: z.object({ id: z.number() }),
    action: 'backups:delete',
    scope: byProjectRef,
  }),
}
