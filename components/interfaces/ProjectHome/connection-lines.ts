/**
 * What the Connect card shows and copies, from the settings route's answer: the URI, a psql
 * command and environment-variable lines, with the password (once revealed) or `[YOUR-PASSWORD]`.
 */
import type { ProjectSettings } from '@/lib/api-types'

export const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]'

export type ConnectionLines = { uri: string; psql: string; env: string }

/** A value for a .env file and a POSIX shell alike: quoted when it holds anything but plain characters. */
const envValue = (value: string) => (/^[\w@%+=:,./-]*$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`)

export function connectionLines(settings: ProjectSettings, password: string | undefined): ConnectionLines | null {
  if (!settings.connection_string || !settings.psql_command || settings.db_host === null || settings.db_port === null) return null
  const secret = password ?? PASSWORD_PLACEHOLDER
  const uri = settings.connection_string.replace(PASSWORD_PLACEHOLDER, password === undefined ? PASSWORD_PLACEHOLDER : encodeURIComponent(password))
  const env = [
    `DATABASE_URL=${envValue(uri)}`,
    `PGHOST=${envValue(settings.db_host)}`,
    `PGPORT=${settings.db_port}`,
    `PGDATABASE=${envValue(settings.db_name ?? '')}`,
    `PGUSER=${envValue(settings.db_user ?? '')}`,
    `PGPASSWORD=${envValue(secret)}`,
  ].join('\n')
  return { uri, psql: `psql ${envValue(uri)}`, env }
}

/** A strong password from the browser's cryptographic random source: 32 characters of base64url. */
export function generatePassword(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(24))
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
