/**
 * The project's `supabase_realtime` publication, made with its database as hosted projects have
 * it: empty, publishing every event; Database → Publications adds the tables whose changes
 * Realtime streams. Made as the project's role (through the platform's service login), so the
 * project owns it and adds its own tables to it.
 */
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation } from '../databases'
import { roleClient } from '../databases/role-session'
import { serviceLocation, serviceUrlOf } from '../sql/read-only-location'
import { REALTIME_PUBLICATION } from '@/lib/sql/publications'
import { REALTIME_SCHEMA_COMMENT, REALTIME_SCHEMA_SQL } from './schema-sql'

export async function ensureRealtimePublication(platform: Platform, project: { ref: string; region: string; db_location: ProjectDbLocation }): Promise<void> {
  const location = await serviceLocation(platform, project.ref, project.region, project.db_location)
  const client = await roleClient(serviceUrlOf(location), { applicationName: 'realtime' })
  try {
    // A branch or a clone may have it from its source already.
    await client.query(
      `do $$ begin
         if not exists (select 1 from pg_catalog.pg_publication where pubname = '${REALTIME_PUBLICATION}') then
           create publication ${REALTIME_PUBLICATION};
         end if;
       end $$`
    )
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * The project's `realtime` schema (schema-sql.ts), unless its comment says it is complete: made
 * with the project, and at the first private channel of a project made before it.
 */
export async function ensureRealtimeSchema(platform: Platform, project: { ref: string; region: string; db_location: ProjectDbLocation }): Promise<void> {
  const location = await serviceLocation(platform, project.ref, project.region, project.db_location)
  const client = await roleClient(serviceUrlOf(location), { applicationName: 'realtime' })
  try {
    const { rows } = await client.query<{ comment: string | null }>(`select pg_catalog.obj_description(oid, 'pg_namespace') as comment from pg_catalog.pg_namespace where nspname = 'realtime'`)
    if (rows[0]?.comment === REALTIME_SCHEMA_COMMENT) return
    await client.query('begin read write')
    await client.query(`select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('supaboard.realtime.schema'))`)
    await client.query(REALTIME_SCHEMA_SQL)
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end().catch(() => undefined)
  }
}
