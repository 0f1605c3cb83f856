/**
 * The SQL that enables or disables an extension: built here, once, so that the dialog shows
 * exactly what the platform then runs. Every name is a quoted identifier; nothing else the user
 * types reaches the SQL.
 */
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'

const ident = (name: string) => quoteIdentifier(name, true)

export type EnableExtension = { name: string; schema: string; cascade?: boolean }

/** Creates the schema when it is missing (as the project's role, who then owns it), then the extension in it. */
export function enableExtensionSql({ name, schema, cascade = false }: EnableExtension): string {
  return [
    `create schema if not exists ${ident(schema)};`,
    `create extension ${ident(name)} with schema ${ident(schema)}${cascade ? ' cascade' : ''};`,
  ].join('\n')
}

export type DisableExtension = { name: string; cascade?: boolean }

/** Without cascade Postgres refuses while anything uses the extension, and says what. */
export function disableExtensionSql({ name, cascade = false }: DisableExtension): string {
  return `drop extension ${ident(name)}${cascade ? ' cascade' : ''};`
}
