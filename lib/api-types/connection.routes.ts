/**
 * The connection details of a project database: host, port, name, user, the connection string, and its password (revealed on demand, reset).
 * Every member sees where to connect (`projects:read`); the password is revealed to those with
 * `database:password:read` and changed by those with `database:password:update`.
 */
import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { databaseSize, dbPassword, dbPasswordChangeBody, projectSettings } from './connection'

export const connectionRoutes = {
  getProjectSettings: route({
    method: 'GET',
    path: '/platform/projects/:ref/settings',
    params: projectParams,
    answer: projectSettings,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  getDatabaseSize: route({
    method: 'GET',
    path: '/platform/projects/:ref/database-size',
    params: projectParams,
    answer: databaseSize,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  getDbPassword: route({
    method: 'GET',
    path: '/platform/projects/:ref/db-password',
    params: projectParams,
    answer: dbPassword,
    action: 'database:password:read',
    scope: byProjectRef,
  }),
  updateDbPassword: route({
    method: 'PATCH',
    path: '/platform/projects/:ref/db-password',
    params: projectParams,
    body: dbPasswordChangeBody,
    answer: z.undefined(),
    status: 204,
    action: 'database:password:update',
    scope: byProjectRef,
  }),
}
