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
