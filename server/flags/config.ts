/** The environment variables of feature flags and the banners they drive (read by server/config.ts). */
import { SDK_KEY_PATTERN, type FlagSettingBody } from '@/lib/api-types'
import { readFlagsFile } from './flags-file'

export type FlagsConfig = {
  /** The key the flag configuration is served under; when unset, one is generated on first start and kept in the control plane. */
  sdkKey?: string
  /** FEATURE_FLAGS_FILE, read and checked with the rest of the configuration (a bad file stops the start before anything opens). */
  file?: { path: string; flags: Record<string, FlagSettingBody> }
  /** Primary-email domains whose users see the deprecation notice of Fly-hosted Postgres projects; none: nobody does. */
  flyNoticeEmailDomains: string[]
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export function readFlagsConfig(env: (name: string) => string | undefined): FlagsConfig {
  const sdkKey = env('FEATURE_FLAGS_SDK_KEY')
  if (sdkKey !== undefined && !SDK_KEY_PATTERN.test(sdkKey))
    throw new Error('FEATURE_FLAGS_SDK_KEY must be 16 to 128 letters, digits, _ or - (it is part of a URL)')
  const file = env('FEATURE_FLAGS_FILE')
  const flyNoticeEmailDomains = (env('FLY_NOTICE_EMAIL_DOMAINS') ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean)
  for (const domain of flyNoticeEmailDomains)
    if (!DOMAIN.test(domain)) throw new Error(`FLY_NOTICE_EMAIL_DOMAINS must be domain names separated by commas, got "${domain}"`)
  return { sdkKey, file: file ? { path: file, flags: readFlagsFile(file) } : undefined, flyNoticeEmailDomains }
}
