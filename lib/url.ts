/** Written out in full: `http:example.com` parses too, but nobody means it. */
const HTTP_PREFIX = /^https?:\/\//i

/** Whitespace and control characters: the URL parser drops some silently, hiding what was typed. */
const INVISIBLE_OR_SPACE = /[\s\u0000-\u001f\u007f]/

/**
 * SPEC §5: a URL is accepted only when it is an absolute http or https URL with a host
 * (no javascript:, data:, ftp:, protocol-relative or relative values).
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !HTTP_PREFIX.test(value) || INVISIBLE_OR_SPACE.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/** The message shown under a URL field whose value fails `isHttpUrl`. */
export const INVALID_HTTP_URL_MESSAGE = 'Enter a URL that starts with http:// or https://'
