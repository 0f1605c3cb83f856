/**
 * Whether a database the platform has just created lets another login role in, tried at the
 * moment its CREATE DATABASE returns and before the platform's next statement on it: a role on
 * the server, as another project's own role is, connects right then. Answers what each attempt
 * got ('connected', or the server's refusal).
 */
import pg from 'pg'
import { vi } from 'vitest'
import { asEngineAdmin, engineUrl } from './test-platform'

export async function probingCreatedDatabases(created: RegExp, act: () => Promise<void>): Promise<string[]> {
  const role = `db_probe_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
  await asEngineAdmin((c) => c.query(`create role ${role} login password 'probe-password'`))
  const attempts: string[] = []
  const tryToConnect = async (database: string) => {
    const url = new URL(engineUrl(database))
    url.username = role
    url.password = 'probe-password'
    const client = new pg.Client({ connectionString: url.toString() })
    try {
      await client.connect()
      attempts.push('connected')
    } catch (error) {
      attempts.push((error as Error).message)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const made = typeof args[0] === 'string' ? created.exec(args[0]) : null
    const callback = args.at(-1)
    // A pool's query hands a callback; a client's answers a promise.
    if (made && typeof callback === 'function')
      args[args.length - 1] = (error: unknown, value: unknown) => void tryToConnect(made[1]).then(() => (callback as (e: unknown, v: unknown) => void)(error, value))
    const result = query.apply(this, args) as Promise<unknown> | undefined
    if (!made || typeof result?.then !== 'function') return result
    return result.then(async (value) => {
      await tryToConnect(made[1])
      return value
    })
  } as typeof pg.Client.prototype.query)
  try {
    await act()
  } finally {
    spy.mockRestore()
    await asEngineAdmin((c) => c.query(`drop role if exists ${role}`)).catch(() => undefined)
  }
  return attempts
}
