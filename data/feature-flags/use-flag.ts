/**
 * Feature flags in components: `useFlag(name)` (on or off) and `useFlagValue(name)` (the value, a
 * banner's text for instance), evaluated in the browser for the signed-in user from the
 * configuration the flag client holds, a cookie override first (lib/feature-flags/overrides.ts).
 * Before the configuration arrives, and for a key it does not have, a flag is off; an unknown key
 * is reported once in the console.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import { TELEMETRY_FLAG_VALUE_MAX } from '@/lib/api-types/telemetry-limits'
import type { FlagValue } from '@/lib/api-types'
import { evaluateFlag, isFlagOn, type FlagOverrides } from '@/lib/feature-flags/evaluate'
import { parseFlagOverrides } from '@/lib/feature-flags/overrides'
import { hashFlagUserId } from '@/lib/feature-flags/user-hash'
import { useProfileQuery } from '../profile/profile-query'
import { trackFeatureFlag } from '../telemetry/feature-flags'
import { useFlagConfigQuery } from './flag-config-query'
import { flagKeys } from './keys'

/** The value of one feature flag for the signed-in user; unknown keys are false. */
export function useFlag(name: string): boolean {
  return isFlagOn(useFlagValue(name))
}

/** The value of one feature flag (true, false or a text) for the signed-in user; undefined while unknown. */
export function useFlagValue(name: string): FlagValue | undefined {
  const { data } = useFlagConfigQuery()
  const user = useFlagUser(data?.config.salt)
  const overrides = useFlagOverrides()
  const { known, value } = evaluateFlag(data?.config, name, { userHash: user.hash, overrides })
  const unknown = !!data && !known
  useEffect(() => {
    if (unknown) reportUnknownFlag(name)
  }, [unknown, name])
  const settled = value !== undefined && !user.hashing
  useEffect(() => {
    // Page views carry the flags the user saw (telemetry sends them only with consent).
    if (settled && value !== undefined) trackFeatureFlag(name, typeof value === 'string' ? value.slice(0, TELEMETRY_FLAG_VALUE_MAX) : value)
  }, [settled, name, value])
  return value
}

const reported = new Set<string>()
function reportUnknownFlag(name: string) {
  if (reported.has(name)) return
  reported.add(name)
  console.warn(`Feature flags: "${name}" is not in the configuration; it is treated as off.`)
}

/**
 * The signed-in user's hash for the configuration's rules, and whether it is still being computed
 * (the profile is read here, never fetched: the app shell loads it).
 */
function useFlagUser(salt: string | undefined): { hash: string | undefined; hashing: boolean } {
  const userId = useProfileQuery({ enabled: false }).data?.gotrue_id
  const { data } = useQuery({
    queryKey: flagKeys.userHash(salt, userId),
    queryFn: () => hashFlagUserId(salt!, userId!),
    enabled: !!salt && !!userId,
    staleTime: Infinity,
  })
  return { hash: data, hashing: !!salt && !!userId && data === undefined }
}

// Cookies change without an event: read at each render, parsed again only when they changed (the
// snapshot of useSyncExternalStore must be the same object while nothing changed).
const noSubscription = () => () => undefined
const NO_OVERRIDES: FlagOverrides = {}
let snapshot = { cookies: '', overrides: NO_OVERRIDES }

function readOverrides(): FlagOverrides {
  const cookies = document.cookie
  if (cookies !== snapshot.cookies) snapshot = { cookies, overrides: parseFlagOverrides(cookies) }
  return snapshot.overrides
}

const useFlagOverrides = () => useSyncExternalStore(noSubscription, readOverrides, () => NO_OVERRIDES)
