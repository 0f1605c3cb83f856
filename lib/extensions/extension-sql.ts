/**
 * The SQL that enables or disables an extension: built here, once, so that the dialog shows
 * exactly what the platform then runs. Every name is a quoted identifier; nothing else the user
 * types reaches the SQL.
 */
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'

const ident = (name: string) => quoteIdentifier(name, true)

export type EnableExtension = { name: string; schema: string; cascade?: boolean }

/**
 * Creates the schema when it is missing (as the project's role, who then owns it), then the
 * extension in it. pg_catalog (where procedural languages must go) is Postgres' own: not created.
 */
export function enableExtensionSql({ name, schema, cascade = false }: EnableExtension): string {
  return [
    ...(schema === 'pg_catalog' ? [] : [`create schema if not exists ${ident(schema)};`]),
    `create extension ${ident(name)} with schema ${ident(schema)}${cascade ? ' cascade' : ''};`,
  ].join('\n')
}

export type DisableExtension = { name: string; cascade?: boolean }

/** Without cascade Postgres refuses while anything uses the extension, and says what. */
export function disableExtensionSql({ name, cascade = false }: DisableExtension): string {
  return `drop extension ${ident(name)}${cascade ? ' cascade' : ''};`
}

/**
 * What the platform runs as the server's admin for an extension it creates on the project's behalf
 * (server/extensions/as-platform.ts): one transaction whose search_path holds only pg_catalog and
 * the platform's own schema, so the extension's script resolves nothing the project's role made.
 * `grants`: what the project's role is then given, once known (the answer shows them).
 */
export function platformEnableExtensionSql({
  name,
  schema,
  cascade = false,
  grants = [],
  requirements,
}: EnableExtension & { grants?: string[]; requirements?: string[] }): string {
  // What CASCADE would create, when the platform made it by name (as-platform.ts says why).
  const made = (requirements ?? []).map((r) => `create extension ${ident(r)} with schema ${ident(schema)};`)
  return [
    "-- run by the platform as the server's admin",
    'begin;',
    `set local search_path = pg_catalog, ${ident(schema)};`,
    ...made,
    `create extension ${ident(name)} with schema ${ident(schema)}${cascade ? ' cascade' : ''};`,
    ...grants,
    'commit;',
  ].join('\n')
}

/** The platform's drop of what it created, as the server's admin, with the same fixed search_path. */
export function platformDisableExtensionSql({ name, schema, cascade = false }: DisableExtension & { schema: string }): string {
  return [
    "-- run by the platform as the server's admin",
    'begin;',
    `set local search_path = pg_catalog, ${ident(schema)};`,
    `drop extension ${ident(name)}${cascade ? ' cascade' : ''};`,
    'commit;',
  ].join('\n')
}
