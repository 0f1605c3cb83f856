import type { FlagConfig, flagRoutes } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { PlatformError } from '../kernel/errors'
import { emptyReply, reply, type Handlers } from '../kernel/handler-types'
import { evaluateFlags } from './evaluate'
import { configEtag, etagMatches, publicConfig } from './public-config'
import { flagSdkKey } from './sdk-key'
import { deleteFlag, listFlags, putFlag, readFlags, readRevision } from './store'

/** Clients may keep the configuration, but must ask (with its ETag) before using it again. */
const CONFIG_CACHE_CONTROL = 'no-cache'

/**
 * The public configuration last built, per platform: building it hashes every targeted user id,
 * which an anonymous caller must not be able to make the server redo at will. A flag edit bumps
 * the revision (a trigger, whichever app instance writes), so a stale copy is never answered.
 */
const built = new WeakMap<Platform, { revision: number; sdkKey: string; config: FlagConfig }>()

async function currentConfig(platform: Platform, sdkKey: string): Promise<{ revision: number; config: FlagConfig }> {
  const cached = built.get(platform)
  if (cached && cached.sdkKey === sdkKey && cached.revision === (await readRevision(platform.db))) return cached
  const snapshot = await readFlags(platform.db)
  const next = { revision: snapshot.revision, sdkKey, config: publicConfig(snapshot, sdkKey) }
  built.set(platform, next)
  return next
}

export const flagHandlers: Handlers<typeof flagRoutes> = {
  async getFlagConfig({ platform, req, params }) {
    const sdkKey = await flagSdkKey(platform)
    if (params.sdkKey !== sdkKey) throw new PlatformError(404, 'There is no flag configuration for this SDK key.')
    const ifNoneMatch = req.headers['if-none-match']
    // The client's copy is current: one small read, no configuration built.
    if (ifNoneMatch) {
      const etag = configEtag(await readRevision(platform.db), sdkKey)
      if (etagMatches(ifNoneMatch, etag)) return emptyReply(304, { ETag: etag, 'Cache-Control': CONFIG_CACHE_CONTROL })
    }
    const { revision, config } = await currentConfig(platform, sdkKey)
    return reply(200, config, { ETag: configEtag(revision, sdkKey), 'Cache-Control': CONFIG_CACHE_CONTROL })
  },
  async getFeatureFlags({ platform, user }) {
    return evaluateFlags((await readFlags(platform.db)).flags, user.id)
  },
  adminListFeatureFlags: ({ platform }) => listFlags(platform.db),
  adminUpsertFeatureFlag: ({ platform, params, body }) => putFlag(platform.db, params.key, body),
  adminDeleteFeatureFlag: ({ platform, params }) => deleteFlag(platform.db, params.key),
}
