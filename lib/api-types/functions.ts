/**
 * A project's edge functions and secrets, in the shapes Supabase's Management API answers them
 * (`/v1/projects/{ref}/functions…`, `/v1/projects/{ref}/secrets`): what its CLI and Studio read.
 */
import { z } from 'zod'

/** A function's slug: its URL segment, as Supabase takes it. */
export const FUNCTION_SLUG = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/
export const functionSlug = z.string().regex(FUNCTION_SLUG, 'A function name starts with a letter, then letters, digits, - or _ (128 at most).')

export const edgeFunction = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.literal('ACTIVE'),
  version: z.number().int(),
  /** Milliseconds since the epoch, as Supabase answers them. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
  verify_jwt: z.boolean(),
  import_map: z.boolean(),
  entrypoint_path: z.string(),
  import_map_path: z.string().nullable(),
  /** sha256 of the version's files. */
  ezbr_sha256: z.string(),
  size_bytes: z.number().int(),
})
export type EdgeFunction = z.infer<typeof edgeFunction>

/** The list adds what the dashboard shows beside each function. */
export const edgeFunctionListItem = edgeFunction.extend({
  /** Invocations in the last 24 hours (function_edge_logs). */
  invocations_24h: z.number().int(),
})
export type EdgeFunctionListItem = z.infer<typeof edgeFunctionListItem>

export const functionParams = z.object({ ref: z.string().min(1), slug: functionSlug })

export const deployFunctionQuery = z.object({ slug: functionSlug, bundleOnly: z.string().optional() })

/** The deploy's `metadata` part. */
export const deployMetadata = z.object({
  entrypoint_path: z.string().min(1, 'metadata.entrypoint_path names the file that serves the function.').max(1000),
  import_map_path: z.string().max(1000).optional(),
  verify_jwt: z.boolean().optional(),
  name: z.string().min(1).max(200).optional(),
  static_patterns: z.array(z.string()).optional(),
})
export type DeployMetadata = z.infer<typeof deployMetadata>

export const updateFunctionBody = z.object({
  verify_jwt: z.boolean().optional(),
  name: z.string().trim().min(1).max(200).optional(),
})

export const functionBody = z.object({
  entrypoint_path: z.string(),
  import_map_path: z.string().nullable(),
  version: z.number().int(),
  files: z.array(z.object({ name: z.string(), content: z.string() })),
})
export type FunctionBody = z.infer<typeof functionBody>

export const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
export const secretName = z
  .string()
  .regex(SECRET_NAME, 'A secret name is letters, digits and _, and does not start with a digit.')
  .max(256)
  .refine((name) => !/^SUPABASE_/i.test(name), 'Names starting with SUPABASE_ are reserved: the platform sets them.')

/** A secret as it is listed: its value's sha256, never the value. */
export const projectSecret = z.object({ name: z.string(), value: z.string(), updated_at: z.string() })
export type ProjectSecret = z.infer<typeof projectSecret>

export const createSecretsBody = z.array(z.object({ name: secretName, value: z.string().max(24 * 1024, 'A secret holds at most 24 KB.') })).min(1).max(100)
export const deleteSecretsBody = z.array(z.string().min(1)).min(1).max(100)
