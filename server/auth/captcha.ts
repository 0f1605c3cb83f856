/**
 * The captcha check of sign-ups, the way GoTrue does it: no token is a 400 `captcha_failed`
 * ("no captcha_token found"); a token the captcha service refuses is a 400 `captcha_failed`
 * naming its error codes; a service that cannot be asked is a 500 (the details go to the server
 * log). Off when no captcha is configured.
 */
import { z } from 'zod'
import type { Platform } from '../kernel/platform'
import { PlatformError } from '../kernel/errors'
import { authError } from './gotrue-errors'
import { providerJson } from './oauth-http'
import { hit } from '../security/rate-limit'

const verification = z.object({
  success: z.boolean(),
  // The service's own words, kept short and plain before they reach an error message.
  'error-codes': z
    .unknown()
    .optional()
    .transform((codes) => (Array.isArray(codes) ? codes : []).filter((c): c is string => typeof c === 'string' && /^[\w-]{1,64}$/.test(c)).slice(0, 5)),
})

export async function requireCaptcha(platform: Platform, token: string | null | undefined, ip: string): Promise<void> {
  const captcha = platform.config.captcha
  if (!captcha) return
  const response = token?.trim()
  if (!response) throw authError(400, 'captcha_failed', 'captcha protection: request disallowed (no captcha_token found)')
  // Each token costs a call to the captcha service: bounded per client like sign-ups themselves.
  await hit(platform, 'captcha:ip', ip, platform.config.rateLimits.signUpPerIp)
  let answer: z.output<typeof verification>
  try {
    const form = new URLSearchParams({ secret: captcha.secret, response, remoteip: ip, sitekey: captcha.siteKey })
    const json = await providerJson(
      captcha.verifyUrl,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      captcha.timeoutMs
    )
    answer = verification.parse(json)
  } catch (error) {
    console.error(`Captcha verification at ${captcha.verifyUrl} failed:`, error instanceof Error ? error.message : error)
    throw new PlatformError(500, 'captcha verification process failed')
  }
  if (!answer.success)
    throw authError(400, 'captcha_failed', `captcha protection: request disallowed (${answer['error-codes'].join(', ') || 'invalid-input-response'})`)
}
