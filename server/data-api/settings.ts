/**
 * A project's data-API settings in the control plane (project_api_settings): its own JWT secret
 * and what PostgREST exposes. Projects made before the table get their row on first use; two
 * first uses at once insert one row (on conflict do nothing) and both read it.
 */
import { randomBytes } from 'node:crypto'
import type { Platform } from '../kernel/platform'
import type { ProjectApiSettings } from './settings-type'

export type SettingsRow = {
  jwt_secret: string
  jwt_secret_created_at: Date
  jwt_secret_rotated_at: Date | null
  data_api_enabled: boolean
  data_api_schemas: string[]
  data_api_max_rows: number
  data_api_anon_timeout_s: number
  data_api_authenticated_timeout_s: number
}

export const SETTINGS_COLUMNS =
  'jwt_secret, jwt_secret_created_at, jwt_secret_rotated_at, data_api_enabled, data_api_schemas, data_api_max_rows, data_api_anon_timeout_s, data_api_authenticated_timeout_s'

/** 64 characters of base64url: PostgREST wants an HS256 secret of at least 32. */
const newSecret = () => randomBytes(48).toString('base64url')

export const settingsFromRow = (row: SettingsRow): ProjectApiSettings => ({
  jwtSecret: row.jwt_secret,
  jwtSecretCreatedAt: new Date(row.jwt_secret_created_at),
  jwtSecretRotatedAt: row.jwt_secret_rotated_at ? new Date(row.jwt_secret_rotated_at) : null,
  enabled: row.data_api_enabled,
  schemas: row.data_api_schemas,
  maxRows: row.data_api_max_rows,
  timeouts: { anon: row.data_api_anon_timeout_s, authenticated: row.data_api_authenticated_timeout_s },
})

export async function apiSettingsOf(platform: Platform, ref: string): Promise<ProjectApiSettings> {
  const [found] = await platform.db.query<SettingsRow>(`select ${SETTINGS_COLUMNS} from project_api_settings where project_ref = $1`, [ref])
  if (found) return settingsFromRow(found)
  // date_trunc: the keys' iat is in whole seconds; the stored time must give the same keys at every read.
  await platform.db.query(
    `insert into project_api_settings (project_ref, jwt_secret, jwt_secret_created_at) values ($1, $2, date_trunc('second', now())) on conflict (project_ref) do nothing`,
    [ref, newSecret()]
  )
  const [row] = await platform.db.query<SettingsRow>(`select ${SETTINGS_COLUMNS} from project_api_settings where project_ref = $1`, [ref])
  return settingsFromRow(row)
}

/** A new secret: every key signed with the old one stops working. */
export async function rotateSecret(platform: Platform, ref: string): Promise<ProjectApiSettings> {
  await apiSettingsOf(platform, ref)
  const [row] = await platform.db.query<SettingsRow>(
    `update project_api_settings set jwt_secret = $2, jwt_secret_created_at = date_trunc('second', now()), jwt_secret_rotated_at = now(), updated_at = now()
     where project_ref = $1 returning ${SETTINGS_COLUMNS}`,
    [ref, newSecret()]
  )
  return settingsFromRow(row)
}

export type SettingsChange = { enabled?: boolean; schemas?: string[]; maxRows?: number; timeouts?: Partial<ProjectApiSettings['timeouts']> }

export async function updateSettings(platform: Platform, ref: string, change: SettingsChange): Promise<ProjectApiSettings> {
  await apiSettingsOf(platform, ref)
  const [row] = await platform.db.query<SettingsRow>(
    `update project_api_settings set data_api_enabled = coalesce($2, data_api_enabled), data_api_schemas = coalesce($3, data_api_schemas),
       data_api_max_rows = coalesce($4, data_api_max_rows), data_api_anon_timeout_s = coalesce($5, data_api_anon_timeout_s),
       data_api_authenticated_timeout_s = coalesce($6, data_api_authenticated_timeout_s), updated_at = now()
     where project_ref = $1 returning ${SETTINGS_COLUMNS}`,
    [ref, change.enabled ?? null, change.schemas ?? null, change.maxRows ?? null, change.timeouts?.anon ?? null, change.timeouts?.authenticated ?? null]
  )
  return settingsFromRow(row)
}
