/**
 * Overriding flags in one browser, for trying a feature or a banner before it is on for everyone:
 * the cookie `supaboard-flag-overrides` holds a URL-encoded JSON object of flag → value, e.g.
 *
 *   document.cookie = 'supaboard-flag-overrides=' + encodeURIComponent(JSON.stringify({ noticeBanner: 'Hello', functionsAssistantV2: true })) + '; path=/'
 *
 * An override wins over the configuration and its rules. Entries that are not a flag name with
 * true, false or a text are ignored (and said so in the console).
 */
import { FLAG_KEY_PATTERN } from '@/lib/api-types/flag-keys'
import { isFlagValue } from './config-check'
import type { FlagValue } from '@/lib/api-types'
import type { FlagOverrides } from './evaluate'

export const FLAG_OVERRIDES_COOKIE = 'supaboard-flag-overrides'

/** The cookie's value for `overrides` (what the docs tell people to set). */
export const flagOverridesCookieValue = (overrides: Record<string, FlagValue>) => encodeURIComponent(JSON.stringify(overrides))

/** The overrides in a `document.cookie` string; none when the cookie is absent or unreadable. */
export function parseFlagOverrides(cookies: string): FlagOverrides {
  const raw = cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${FLAG_OVERRIDES_COOKIE}=`))
    ?.slice(FLAG_OVERRIDES_COOKIE.length + 1)
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(decodeURIComponent(raw))
  } catch {
    console.warn(`The ${FLAG_OVERRIDES_COOKIE} cookie is not URL-encoded JSON: it is ignored.`)
    return {}
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    console.warn(`The ${FLAG_OVERRIDES_COOKIE} cookie must hold a JSON object of flag names and values: it is ignored.`)
    return {}
  }
  const overrides: FlagOverrides = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (FLAG_KEY_PATTERN.test(key) && isFlagValue(value)) overrides[key] = value
    else console.warn(`The ${FLAG_OVERRIDES_COOKIE} cookie's entry "${key}" is not a flag name with true, false or a text: it is ignored.`)
  }
  return overrides
}
