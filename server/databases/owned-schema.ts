/**
 * A schema a project's service keeps in the project's database (storage's, realtime's), made or
 * completed on a session of the project's role (so the project owns it, as it owns `auth`), under
 * an advisory lock, unless its comment says this version of it is complete.
 */
import type pg from 'pg'

export async function ensureOwnedSchema(client: pg.Client, { name, comment, sql }: { name: string; comment: string; sql: string }): Promise<void> {
  const { rows } = await client.query<{ comment: string | null }>(`select pg_catalog.obj_description(oid, 'pg_namespace') as comment from pg_catalog.pg_namespace where nspname = $1`, [name])
  if (rows[0]?.comment === comment) return
  try {
    await client.query('begin read write')
    await client.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext($1))`, [`supaboard.${name}.schema`])
    await client.query(sql)
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  }
}
