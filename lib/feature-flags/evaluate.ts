/**
 * A flag's value in the browser, from the configuration the flag client holds: a cookie override
 * first, then the first rule naming the user (by the salted hash of their id), then the flag's own
 * value. A key the configuration does not have is reported unknown (and reads as off).
 */
import type { FlagConfig, FlagValue } from '@/lib/api-types'

export type FlagOverrides = Record<string, FlagValue>

export type FlagEvaluation = { known: boolean; value: FlagValue | undefined }

export function evaluateFlag(
  config: FlagConfig | undefined,
  key: string,
  { userHash, overrides = {} }: { userHash?: string; overrides?: FlagOverrides } = {}
): FlagEvaluation {
  if (Object.hasOwn(overrides, key)) return { known: true, value: overrides[key] }
  const setting = config && Object.hasOwn(config.flags, key) ? config.flags[key] : undefined
  if (!setting) return { known: false, value: undefined }
  const rule = userHash ? setting.rules.find((r) => r.userIdHashes.includes(userHash)) : undefined
  return { known: true, value: rule ? rule.value : setting.value }
}

/** On: true, or a text that says something (a banner's sentence). */
export const isFlagOn = (value: FlagValue | undefined): boolean => value === true || (typeof value === 'string' && value.trim() !== '')
