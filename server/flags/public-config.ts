/**
 * The public flag configuration (what a CDN would serve an SDK) and its ETag. The configuration
 * names no user: each user id of a rule is replaced by a salted SHA-256, which the browser
 * computes for its own user. The ETag follows the revision (raised by every change) and the SDK
 * key (the salt), so a 304 is only ever answered for exactly the configuration the client holds.
 */
import { createHash } from 'node:crypto'
import { flagUserHashInput, type FlagConfig } from '@/lib/api-types'
import type { FlagSnapshot } from './store'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export const hashUserId = (salt: string, userId: string) => sha256(flagUserHashInput(salt, userId))

export function publicConfig({ revision, flags }: FlagSnapshot, salt: string): FlagConfig {
  return {
    revision,
    salt,
    flags: Object.fromEntries(
      flags.map((flag) => [
        flag.key,
        { value: flag.value, rules: flag.rules.map((rule) => ({ userIdHashes: rule.userIds.map((id) => hashUserId(salt, id)), value: rule.value })) },
      ])
    ),
  }
}

/** A strong ETag (quoted): the revision, and a short digest of the SDK key. */
export const configEtag = (revision: number, sdkKey: string) => `"${revision}-${sha256(sdkKey).slice(0, 12)}"`

/**
 * Whether If-None-Match names the ETag: one or several comma-separated tags, weak (`W/`) or
 * strong, or `*` (RFC 9110 §13.1.2 compares them weakly).
 */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}
