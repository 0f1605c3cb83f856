export const DEFAULT_RETURN_TO = '/projects'

// A relative path of letters, digits, slashes, hyphens and underscores, with an optional simple
// query string (key=value pairs of the same safe characters, joined by &). SPEC §2.
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9/_-]*(\?[A-Za-z0-9_-]+(=[A-Za-z0-9_.,-]*)?(&[A-Za-z0-9_-]+(=[A-Za-z0-9_.,-]*)?)*)?$/

/** The path to go to after sign-in: the given one when it is safe, else /projects. */
export function safeReturnTo(value: unknown, fallback = DEFAULT_RETURN_TO): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback
  return SAFE_PATH.test(value) ? value : fallback
}
