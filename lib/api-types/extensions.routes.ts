/**
 * Postgres extensions of a project database: the catalogue merged with what the database has; enable and disable.
 *
 * Every member may look (`sql:run`, as with any read of the database); enabling and disabling run
 * DDL as the project's role and need `sql:write`, so a Read-only member cannot. Both answer the
 * extensions as they are afterwards and the SQL that ran.
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { disableExtensionQuery, enableExtensionBody, extensionChange, extensionParams, projectExtensions } from './extensions'

const extensionsPath = '/platform/projects/:ref/extensions'

export const extensionRoutes = {
  listExtensions: route({
    method: 'GET',
    path: extensionsPath,
    params: projectParams,
    answer: projectExtensions,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  enableExtension: route({
    method: 'POST',
    path: extensionsPath,
    params: projectParams,
    body: enableExtensionBody,
    answer: extensionChange,
    action: 'sql:write',
    scope: byProjectRef,
  }),
  disableExtension: route({
    method: 'DELETE',
    path: `${extensionsPath}/:name`,
    params: extensionParams,
    query: disableExtensionQuery,
    answer: extensionChange,
    action: 'sql:write',
    scope: byProjectRef,
  }),
}
