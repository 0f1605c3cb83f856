/** The dashboard's side of a project's realtime: its limits in force, and the inspector's token. */
import { z } from 'zod'

export const realtimeSettings = z.object({
  /** The project's URL, as supabase-js takes it (`{site}/p/{ref}`). */
  url: z.string(),
  /** The socket supabase-js opens. */
  websocket_url: z.string(),
  /** Connections at once per project (null: no limit, billed by the peak). */
  max_connections: z.number().int().nullable(),
  max_message_bytes: z.number().int(),
  /** Sockets of the project this app copy holds now. */
  connections: z.number().int(),
  /** Whether the project's server streams database changes (wal_level = logical). */
  changes_available: z.boolean(),
  /** Tables in the supabase_realtime publication (null: it does not exist). */
  published_tables: z.number().int().nullable(),
})
export type RealtimeSettings = z.infer<typeof realtimeSettings>

export const realtimeInspectorRoles = ['anon', 'authenticated', 'service_role'] as const
export type RealtimeInspectorRole = (typeof realtimeInspectorRoles)[number]

export const realtimeInspectorTokenBody = z
  .object({
    role: z.enum(realtimeInspectorRoles),
    /** The user the inspector acts as (its `sub`), for `authenticated`. */
    user_id: z.uuid('Choose a user of the project.').optional(),
  })
  .refine((body) => body.role !== 'authenticated' || body.user_id, { message: 'Choose the user to listen as.', path: ['user_id'] })

export const realtimeInspectorToken = z.object({
  url: z.string(),
  /** The project's anon key (the socket's apikey). */
  apikey: z.string(),
  /** What the inspector's channels act as: the anon key, a user's token, or the service_role key. */
  access_token: z.string(),
  role: z.enum(realtimeInspectorRoles),
  /** When a user's token ends (ISO 8601); null for a key. */
  expires_at: z.string().nullable(),
})
export type RealtimeInspectorToken = z.infer<typeof realtimeInspectorToken>
