/**
 * The project's `supabase_realtime` publication, made with its database as hosted projects have
 * it: empty, publishing every event; Database → Publications adds the tables whose changes
 * Realtime streams. Made as the project's role (through the platform's service login), so the
 * project owns it and adds its own tables to it.
 */
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation } from '../databases'
import { roleClient } from '../databases/role-session'
import { ensureOwnedSchema } from '../databases/owned-schema'
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
    await ensureOwnedSchema(client, { name: 'realtime', comment: REALTIME_SCHEMA_COMMENT, sql: REALTIME_SCHEMA_SQL })
  } finally {
    await client.end().catch(() => undefined)
  }
}
