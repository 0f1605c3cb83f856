/**
 * Keeps a pool's connections from preparing named statements. PostGraphile's adaptor names the
 * statements it sends so that `pg` prepares each once per connection; the platform's own runs
 * reset their sessions (DEALLOCATE ALL), so a name prepared on a connection may be gone.
 * @dataplan/pg only turns this off through a process-wide variable read when it is first imported
 * (DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE), which depends on import order and would change it
 * for every user of the module; this is per pool instead. Unnamed statements still send values
 * apart from the text (the extended protocol), and the adaptor, seeing no statement prepared
 * under the name, never deallocates one.
 */
import type pg from 'pg'

type QueryConfigWithName = { name?: unknown }

export function withoutNamedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && (config as QueryConfigWithName).name != null) {
        const { name: _name, ...unnamed } = config as QueryConfigWithName & Record<string, unknown>
        return query(unnamed, ...rest)
      }
      return query(config, ...rest)
    }) as typeof client.query
  })
  return pool
}
