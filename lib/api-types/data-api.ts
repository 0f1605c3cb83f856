/**
 * A project's data API (PostgREST at {site}/p/{ref}/rest/v1) and its API keys: `anon` and
 * `service_role`, JWTs signed with the project's own secret.
 */
import { z } from 'zod'

export const DATA_API_MAX_ROWS_LIMIT = 100_000
/** The longest statement timeout of the data API's anon and authenticated roles, in seconds. */
export const DATA_API_MAX_TIMEOUT_S = 600

export const dataApiSettings = z.object({
  enabled: z.boolean(),
  /** The schemas PostgREST exposes, the first one by default. */
  schemas: z.array(z.string()),
  /** The most rows one request answers. */
  max_rows: z.number().int(),
  /** statement_timeout of requests as `anon` (the anon key), in seconds. */
  anon_statement_timeout_s: z.number().int(),
  /** statement_timeout of requests as `authenticated` (a user's token), in seconds. */
  authenticated_statement_timeout_s: z.number().int(),
})
export type DataApiSettings = z.infer<typeof dataApiSettings>

export const apiSettings = z.object({
  /** {site}/p/{ref}: what supabase-js takes as the project URL. */
  url: z.string(),
  /** url + /rest/v1 */
  rest_url: z.string(),
  anon_key: z.string(),
  /** null unless asked for with ?reveal=true by a role that may see it. */
  service_role_key: z.string().nullable(),
  /** When the project's JWT secret was last rotated; null when never. */
  jwt_secret_rotated_at: z.string().nullable(),
  data_api: dataApiSettings,
})
export type ApiSettings = z.infer<typeof apiSettings>

export const apiSettingsQuery = z.object({
  reveal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

const schemaName = z.string().min(1).max(63)

export const apiSettingsPatchBody = z.object({
  data_api: z
    .object({
      enabled: z.boolean().optional(),
      schemas: z.array(schemaName).min(1).max(20).optional(),
      max_rows: z.number().int().min(1).max(DATA_API_MAX_ROWS_LIMIT).optional(),
      anon_statement_timeout_s: z.number().int().min(1).max(DATA_API_MAX_TIMEOUT_S).optional(),
      authenticated_statement_timeout_s: z.number().int().min(1).max(DATA_API_MAX_TIMEOUT_S).optional(),
    })
    .strict()
    .optional(),
}).strict()
export type ApiSettingsPatch = z.infer<typeof apiSettingsPatchBody>
