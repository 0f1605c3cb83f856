/** The keys a backend takes: the storage service's own, `{ref}/{version}`, never a tenant's name. */
const KEY = /^[a-z0-9][a-z0-9_-]{0,62}\/[A-Za-z0-9_-]{1,100}$/
const PREFIX = /^[a-z0-9][a-z0-9_-]{0,62}\/?$/

export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`)
  return key
}

/** A project's prefix, `{ref}/`. */
export function assertStoragePrefix(prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error(`Not a storage prefix: ${prefix}`)
  return prefix.endsWith('/') ? prefix : `${prefix}/`
}
