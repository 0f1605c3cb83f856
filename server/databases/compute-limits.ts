/**
 * A compute size's limits on a project's database, as the server's admin: what PostgreSQL lets
 * one database and one role scope. `CONNECTION LIMIT` on the project's own role and on its
 * database (every role of the project together), and session defaults of the database
 * (`ALTER DATABASE … SET work_mem, maintenance_work_mem, effective_cache_size`). All in one
 * transaction: either the new size's limits hold or the old ones still do. Then the database's
 * open sessions end, since a session keeps the settings it started with.
 *
 * Not scoped per database, so not set: shared_buffers, max_connections (server-wide), CPU and
 * memory themselves (the server is shared). temp_file_limit stays the operator's
 * PROJECT_TEMP_FILE_LIMIT. See docs/compute.md.
 */
import pg from 'pg'
import { withAdminSession } from './admin-session'
import type { ComputeSize } from '@/lib/compute-sizes'

const ident = pg.escapeIdentifier

export async function applyComputeLimits(adminUrl: string, ref: string, size: ComputeSize): Promise<void> {
  if (!/^[a-z0-9][a-z0-9_-]{0,60}$/.test(ref)) throw new Error(`invalid project ref: ${ref}`)
  const name = `p_${ref}`
  await withAdminSession(adminUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) throw new Error('the project has no database on its server')
    await client.query('BEGIN')
    try {
      await client.query(`ALTER ROLE ${ident(name)} CONNECTION LIMIT ${size.directConnections}`)
      await client.query(`ALTER DATABASE ${ident(name)} CONNECTION LIMIT ${size.directConnections}`)
      for (const [setting, value] of Object.entries(size.settings))
        await client.query(`ALTER DATABASE ${ident(name)} SET ${ident(setting)} = ${pg.escapeLiteral(value)}`)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    // Needs a superuser admin or one granted pg_signal_backend: without, the limits stand and
    // sessions pick the settings up when they reconnect.
    await client
      .query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
      .catch((e) => console.warn(`[project-db] could not end the sessions of ${name} after a resize: ${(e as Error).message}`))
  })
}
