/**
 * A project's auth settings (project_auth_config, migration 0034): what Authentication →
 * Providers changes and the service reads at every request. Projects get their row on first use.
 */
import type { ProjectAuthConfig, ProjectAuthConfigPatch } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'

const COLUMNS = 'disable_signup, external_email_enabled, external_phone_enabled, mailer_autoconfirm, sms_autoconfirm, site_url, uri_allow_list, jwt_exp, password_min_length'

export async function authConfigOf(platform: Platform, ref: string): Promise<ProjectAuthConfig> {
  const [found] = await platform.db.query<ProjectAuthConfig>(`select ${COLUMNS} from project_auth_config where project_ref = $1`, [ref])
  if (found) return found
  await platform.db.query(`insert into project_auth_config (project_ref) values ($1) on conflict (project_ref) do nothing`, [ref])
  const [row] = await platform.db.query<ProjectAuthConfig>(`select ${COLUMNS} from project_auth_config where project_ref = $1`, [ref])
  return row
}

export async function updateAuthConfig(platform: Platform, ref: string, patch: ProjectAuthConfigPatch): Promise<ProjectAuthConfig> {
  await authConfigOf(platform, ref)
  const fields = Object.entries(patch).filter(([, value]) => value !== undefined)
  if (!fields.length) return authConfigOf(platform, ref)
  // Names come from the zod schema's keys (a strict object), never from the request's own text.
  const sets = fields.map(([name], i) => `${name} = $${i + 2}`).join(', ')
  const [row] = await platform.db.query<ProjectAuthConfig>(
    `update project_auth_config set ${sets}, updated_at = now() where project_ref = $1 returning ${COLUMNS}`,
    [ref, ...fields.map(([, value]) => value)]
  )
  return row
}
