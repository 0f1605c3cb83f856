/**
 * Self-hosted mode: one local user, one organization and one project `default`, created at start.
 * The project's database is DATABASE_URL when set (used as it is), else one provisioned on the
 * platform's server (its own, by default), kept from one start to the next.
 */
import { SELF_HOSTED_ROLE } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { isDatabaseUnavailable } from '../databases'
import { LOCAL_USER_EMAIL, LOCAL_USER_ID } from '../auth/local-user'

const SELF_HOSTED_REF = 'default'

export async function ensureSelfHostedProject(platform: Platform) {
  const { databaseUrl, defaultRegion } = platform.config
  await platform.db.transaction(async (tx) => {
    await tx.query(
      `insert into users (id, email, encrypted_password, email_confirmed_at) values ($1, $2, '!', now())
       on conflict (id) do nothing`,
      [LOCAL_USER_ID, LOCAL_USER_EMAIL]
    )
    await tx.query(`insert into profiles (user_id, username, primary_email) values ($1, 'admin', $2) on conflict (user_id) do nothing`, [
      LOCAL_USER_ID,
      LOCAL_USER_EMAIL,
    ])
    await tx.query(`insert into organizations (name, slug) values ('Default Organization', 'default-org') on conflict (slug) do nothing`)
    await tx.query(
      `insert into organization_members (organization_id, profile_id, role)
       select o.id, p.id, $2 from organizations o, profiles p where o.slug = 'default-org' and p.user_id = $1
       on conflict do nothing`,
      [LOCAL_USER_ID, SELF_HOSTED_ROLE]
    )
    await tx.query(
      `insert into projects (ref, name, organization_id, status, cloud_provider, region)
       select $1, 'Default Project', o.id, 'COMING_UP', 'AWS', $2 from organizations o where o.slug = 'default-org'
       on conflict (ref) do nothing`,
      [SELF_HOSTED_REF, defaultRegion]
    )
  })
  if (databaseUrl) {
    // The given server is used as it is: nothing to provision, only its version to read.
    const location = { kind: 'server' as const, ref: SELF_HOSTED_REF, url: databaseUrl, given: true }
    let version: string | null = null
    let status = 'ACTIVE_HEALTHY'
    let message: string | null = null
    try {
      version = await platform.databases.version(location)
    } catch (error) {
      status = 'ACTIVE_UNHEALTHY'
      // The self-hoster set DATABASE_URL: the driver's own words help them, and name nothing secret.
      const detail = isDatabaseUnavailable(error) ? error.detail : error instanceof Error ? error.message : String(error)
      message = `Cannot reach DATABASE_URL: ${detail}`
    }
    await platform.db.query(
      `update projects set status = $2, status_message = $3, db_location = $4, db_version = $5,
         unhealthy_since = case when $2 = 'ACTIVE_UNHEALTHY' then now() end where ref = $1`,
      [
      SELF_HOSTED_REF,
      status,
      message,
      JSON.stringify(location),
        version,
      ]
    )
  } else {
    // Never set up, or DATABASE_URL was set last time: provision (idempotent) the project's own database.
    await platform.db.query(
      `update projects set status = 'COMING_UP', db_location = null where ref = $1 and (db_location is null or db_location->>'given' = 'true')`,
      [SELF_HOSTED_REF]
    )
  }
}
