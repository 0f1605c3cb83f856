/**
 * The X-Supabase-Api-Version header. From 2024-01-01 on, an auth error's `code` is its string
 * error code (e.g. "weak_password"); before, or without the header, `code` is the HTTP status.
 * The answer says which version it speaks.
 */
import type { IncomingMessage } from 'node:http'

export const API_VERSION_2024 = '2024-01-01'
const VERSION = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** Whether the caller asked for 2024-01-01 or later. */
export function speaks2024(req: IncomingMessage): boolean {
  const raw = req.headers['x-supabase-api-version']
  if (typeof raw !== 'string' || !VERSION.test(raw)) return false
  const date = Date.parse(`${raw}T00:00:00Z`)
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`)
}
