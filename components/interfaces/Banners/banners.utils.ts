/** The banners' decisions (SPEC §5), kept pure: each is table-tested beside this file. */
import type { FlagValue } from '@/lib/api-types'
import { CLOCK_SKEW_THRESHOLD_MS } from './banners.constants'

/** How far this browser's clock is from the server's, in ms (positive: ahead); null for a server time that is not one. */
export function clockSkewMs(serverTime: string, localTime: number): number | null {
  const server = Date.parse(serverTime)
  return Number.isNaN(server) ? null : localTime - server
}

/** SPEC §5: a skew is flagged when the two clocks differ by more than the threshold, either way. */
export function isClockSkewed(serverTime: string, localTime: number, thresholdMs = CLOCK_SKEW_THRESHOLD_MS): boolean {
  const skew = clockSkewMs(serverTime, localTime)
  return skew !== null && Math.abs(skew) > thresholdMs
}

/**
 * SPEC §5: whether a primary email belongs to one of the domains (or a subdomain of one), read
 * from its last `@`: `a@notacme.com` is not `acme.com`'s.
 */
export function emailInDomains(email: string | undefined, domains: readonly string[]): boolean {
  const at = email?.lastIndexOf('@') ?? -1
  if (!email || at < 0) return false
  const host = email.slice(at + 1).trim().toLowerCase()
  return domains.some((d) => {
    const domain = d.trim().toLowerCase().replace(/^@/, '')
    return domain !== '' && (host === domain || host.endsWith(`.${domain}`))
  })
}

/** The sign-in pages (sign-in and its steps, sign-up, password recovery), where account notices are not shown. */
export function isSignInPath(pathname: string): boolean {
  return /^\/(sign-in|sign-up|forgot-password|reset-password)([-/?]|$)/.test(pathname)
}

/** A banner's sentence from its flag: the flag's own text, or the default when the flag is simply on. */
export function bannerText(value: FlagValue | undefined, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}
