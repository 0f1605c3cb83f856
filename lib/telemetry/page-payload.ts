/**
 * SPEC §3's telemetry page payload, built from what the browser shows. Nothing secret leaves the
 * page: values of query parameters that may carry one (codes, tokens, emails …) are replaced,
 * the URL's fragment (where sign-in links put their tokens) is dropped, and a referrer is cut to
 * its origin and path. Long texts are cut to what the platform accepts.
 */
import { TELEMETRY_FLAGS_MAX, TELEMETRY_FLAG_VALUE_MAX, TELEMETRY_LANGUAGE_MAX, TELEMETRY_PATHNAME_MAX, TELEMETRY_TITLE_MAX, TELEMETRY_URL_MAX, TELEMETRY_USER_AGENT_MAX, TELEMETRY_VIEWPORT_MAX } from '@/lib/api-types/telemetry-limits'
import type { FeatureFlagValue, TelemetryPagePayload } from '@/lib/api-types'
import { clean } from './text'

/** What the payload is built from; `browserPage()` reads it from the current page. */
export type PageEnvironment = {
  href: string
  title: string
  referrer: string
  language: string
  userAgent: string
  viewportHeight: number
  viewportWidth: number
}

export function browserPage(): PageEnvironment {
  return {
    href: window.location.href,
    title: document.title,
    referrer: document.referrer,
    language: navigator.language,
    userAgent: navigator.userAgent,
    viewportHeight: window.innerHeight,
    viewportWidth: window.innerWidth,
  }
}

/** Query parameters whose values are never sent. */
const SENSITIVE_PARAM = /token|code|secret|pass|key|state|nonce|otp|email|session|auth|sig|jwt/i
export const REDACTED = 'redacted'

/** `?a=1&token=…` → `?a=1&token=redacted`; '' stays ''. */
export function redactSearch(search: string): string {
  const params = new URLSearchParams(search)
  for (const key of new Set(params.keys())) if (SENSITIVE_PARAM.test(key)) params.set(key, REDACTED)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Origin, path and redacted query: never the fragment. */
export function safePageUrl(href: string): { url: string; pathname: string; search: string } {
  const url = new URL(href)
  const search = redactSearch(url.search)
  return { url: `${url.origin}${url.pathname}${search}`, pathname: url.pathname, search }
}

/** Only an http(s) referrer is sent, and only its origin and path (another site's query is its own business). */
export function safeReferrer(referrer: string): string {
  try {
    const url = new URL(referrer)
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : ''
  } catch {
    return ''
  }
}

/** The flags the platform takes with a page: the first TELEMETRY_FLAGS_MAX, texts cut to their limit. */
function boundedFlags(flags: Record<string, FeatureFlagValue>): Record<string, FeatureFlagValue> {
  return Object.fromEntries(
    Object.entries(flags)
      .slice(0, TELEMETRY_FLAGS_MAX)
      .map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, TELEMETRY_FLAG_VALUE_MAX) : value])
  )
}

const viewport = (n: number) => (Number.isFinite(n) ? Math.min(TELEMETRY_VIEWPORT_MAX, Math.max(0, Math.round(n))) : 0)

export function buildPagePayload(page: PageEnvironment, featureFlags: Record<string, FeatureFlagValue> = {}): TelemetryPagePayload {
  const { url, pathname, search } = safePageUrl(page.href)
  return {
    page_url: clean(url, TELEMETRY_URL_MAX),
    page_title: clean(page.title, TELEMETRY_TITLE_MAX),
    pathname: clean(pathname, TELEMETRY_PATHNAME_MAX),
    ph: {
      referrer: clean(safeReferrer(page.referrer), TELEMETRY_URL_MAX),
      language: clean(page.language, TELEMETRY_LANGUAGE_MAX),
      user_agent: clean(page.userAgent, TELEMETRY_USER_AGENT_MAX),
      search: clean(search, TELEMETRY_URL_MAX),
      viewport_height: viewport(page.viewportHeight),
      viewport_width: viewport(page.viewportWidth),
    },
    feature_flags: boundedFlags(featureFlags),
  }
}
