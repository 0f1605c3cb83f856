import type { extensionRoutes } from '@/lib/api-types'
import type { ProjectDbLocation } from '@/server/databases'
import type { TestPlatform } from '../../helpers/test-platform'
import type { Examples, Fixture } from './types'

/**
 * citext, put in the state each call needs straight in the matrix project's database (as its own
 * role): absent before every enable, present before every disable, so every caller allowed
 * succeeds and the rest are refused before the database is reached.
 */
async function runInMatrixProject(tp: TestPlatform, fx: Fixture, sql: string) {
  const [project] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [fx.ref])
  await tp.platform.databases.run(project.db_location, sql, { timeoutMs: 30_000, shape: 'last' })
}

const path = (fx: Fixture) => `/platform/projects/${fx.ref}/extensions`

export const extensionExamples: Examples<typeof extensionRoutes> = {
  listExtensions: { path },
  enableExtension: {
    path,
    body: () => ({ name: 'citext', schema: 'matrix_extensions' }),
    before: (tp, fx) => runInMatrixProject(tp, fx, 'drop extension if exists citext'),
  },
  disableExtension: {
    path: (fx) => `${path(fx)}/citext`,
    before: (tp, fx) => runInMatrixProject(tp, fx, 'create extension if not exists citext'),
  },
}
