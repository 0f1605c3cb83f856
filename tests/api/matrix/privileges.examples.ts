import type { privilegeRoutes } from '@/lib/api-types'
import type { ProjectDbLocation } from '@/server/databases'
import type { TestPlatform } from '../../helpers/test-platform'
import type { Examples, Fixture } from './types'

/**
 * A table and a role in the matrix project, made once (as the project's own role, straight in its
 * database): every caller allowed may list the table and grant or revoke SELECT on one of its
 * columns to the role; the rest are refused before the database is reached.
 */
const SETUP = `
create table if not exists matrix_privileges (id int, secret text);
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'matrix_reader') then create role matrix_reader nologin; end if;
end $$;`

async function privilegesTable(tp: TestPlatform, fx: Fixture) {
  const [project] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [fx.ref])
  await tp.platform.databases.run(project.db_location, SETUP, { timeoutMs: 30_000, shape: 'last' })
}

const path = (fx: Fixture) => `/platform/projects/${fx.ref}/column-privileges`
const change = () => ({ schema: 'public', table: 'matrix_privileges', role: 'matrix_reader', columns: ['secret'], privileges: ['SELECT'] })

export const privilegeExamples: Examples<typeof privilegeRoutes> = {
  listColumnPrivileges: { path: (fx) => `${path(fx)}?schema=public&table=matrix_privileges`, before: privilegesTable },
  grantColumnPrivileges: { path: (fx) => `${path(fx)}/grant`, body: change, before: privilegesTable },
  revokeColumnPrivileges: { path: (fx) => `${path(fx)}/revoke`, body: change, before: privilegesTable },
}
