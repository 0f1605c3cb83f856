/**
 * The SDK key the flag configuration is served under: FEATURE_FLAGS_SDK_KEY, or one generated on
 * first start and kept in the control plane (like the JWT secret), so that every app instance
 * serves the configuration under the same URL. It is not a secret: the browser learns it from
 * /api/config. Read once per platform.
 */
import { randomBytes } from 'node:crypto'
import type { Platform } from '../kernel/platform'

const known = new WeakMap<Platform, Promise<string>>()

export function flagSdkKey(platform: Platform): Promise<string> {
  let key = known.get(platform)
  if (!key) {
    key = load(platform)
    // A failed read (control plane down) is tried again by the next request.
    key.catch(() => known.delete(platform))
    known.set(platform, key)
  }
  return key
}

async function load(platform: Platform): Promise<string> {
  if (platform.config.flags.sdkKey) return platform.config.flags.sdkKey
  const generated = `sdk-${randomBytes(24).toString('base64url')}`
  await platform.db.query(`insert into platform_secrets (name, value) values ('feature_flags_sdk_key', $1) on conflict (name) do nothing`, [generated])
  const [row] = await platform.db.query<{ value: string }>(`select value from platform_secrets where name = 'feature_flags_sdk_key'`)
  return row.value
}

/**
 * The key as /api/config tells the browser: without a control plane to read a generated one from,
 * none (the dashboard still starts; its flags keep their defaults until the next page load).
 */
export async function sdkKeyForBrowser(platform: Platform): Promise<string | undefined> {
  try {
    return await flagSdkKey(platform)
  } catch (error) {
    console.warn('The feature flags SDK key could not be read:', error)
    return undefined
  }
}
