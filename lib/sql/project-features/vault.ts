/**
 * The vault page: the secrets of supabase_vault (schema `vault`). The listing never reads a
 * secret; revealing one is a read of `vault.decrypted_secrets` for that one id, on demand.
 */
import { z } from 'zod'
import { jsonColumn, sqlLiteral, sqlLiteralOrNull, uuidLiteral } from './sql-text'

export const VAULT_SECRETS_SQL = `select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'id', s.id::text, 'name', s.name, 'description', s.description, 'created_at', s.created_at, 'updated_at', s.updated_at
) order by s.name nulls last, s.created_at), '[]'::json) as secrets
from vault.secrets s`

const secretSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})
export type VaultSecret = z.infer<typeof secretSchema>

export function vaultSecretsFromRows(rows: unknown): VaultSecret[] {
  const parsed = z.array(secretSchema).safeParse(jsonColumn(rows, 'secrets'))
  if (!parsed.success) throw new Error('The vault answered something unexpected')
  return parsed.data
}

export const revealSecretSql = (id: string) => `select s.decrypted_secret as secret from vault.decrypted_secrets s where s.id = ${uuidLiteral(id)}`

export function revealedSecretFromRows(rows: unknown): string | null {
  const row = Array.isArray(rows) ? (rows[0] as { secret?: unknown } | undefined) : undefined
  if (!row) throw new Error('This secret no longer exists')
  return typeof row.secret === 'string' ? row.secret : null
}

export type SecretInput = { name: string; description: string; secret: string }

/** What is wrong with a secret as entered, or null. `secretRequired`: false when editing (empty keeps it). */
export function secretProblem({ name, description, secret }: SecretInput, secretRequired: boolean): string | null {
  if (name.trim() === '') return 'Give the secret a name'
  if (secretRequired && secret === '') return 'Enter the secret'
  if ([name, description, secret].some((v) => v.includes('\u0000'))) return 'A secret must not contain a NUL character'
  return null
}

/** The secret's value as the page shows it in the SQL preview: never in clear. */
export const HIDDEN_SECRET = "'••••••••'"

/**
 * `vault.create_secret(secret, name, description)`. With `hideSecret` the value is masked: the
 * page shows that text, and runs the real one outside the query history.
 */
export const createSecretSql = ({ name, description, secret }: SecretInput, { hideSecret = false } = {}) =>
  `select vault.create_secret(${hideSecret ? HIDDEN_SECRET : sqlLiteral(secret)}, ${sqlLiteral(name.trim())}, ${sqlLiteralOrNull(description.trim() || null)});`

/** `vault.update_secret(id, secret, name, description)`; an empty secret keeps the current value (null). */
export const updateSecretSql = (id: string, { name, description, secret }: SecretInput, { hideSecret = false } = {}) =>
  `select vault.update_secret(${uuidLiteral(id)}, ${secret === '' ? 'null' : hideSecret ? HIDDEN_SECRET : sqlLiteral(secret)}, ${sqlLiteral(name.trim())}, ${sqlLiteralOrNull(description.trim() || null)});`

export const deleteSecretSql = (id: string) => `delete from vault.secrets where id = ${uuidLiteral(id)};`
