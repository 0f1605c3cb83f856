/**
 * Captcha on sign-up (hCaptcha or a service answering like it): on when both the site key (shown
 * to the browser) and the secret (used to check tokens) are set. Pure: handed a reader of
 * variables (server/config.ts is the one place that reads the environment); one without the
 * other stops the start, since sign-ups would then all fail or never be checked.
 */

export type CaptchaConfig = {
  siteKey: string
  secret: string
  /** The widget's script, loaded by the sign-up page. */
  scriptUrl: string
  /** Where tokens are checked (form POST of secret, response, remoteip, sitekey). */
  verifyUrl: string
  /** Longest wait for the verify endpoint. */
  timeoutMs: number
}

export const DEFAULT_CAPTCHA_SCRIPT_URL = 'https://js.hcaptcha.com/1/api.js'
export const DEFAULT_CAPTCHA_VERIFY_URL = 'https://api.hcaptcha.com/siteverify'
const CAPTCHA_TIMEOUT_MS = 10_000

function httpUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    return url.toString()
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`)
  }
}

export function readCaptchaConfig(env: (name: string) => string | undefined): CaptchaConfig | null {
  const siteKey = env('CAPTCHA_SITE_KEY')?.trim()
  const secret = env('CAPTCHA_SECRET')?.trim()
  if (!siteKey && !secret) return null
  if (!siteKey) throw new Error('CAPTCHA_SITE_KEY must be set when CAPTCHA_SECRET is')
  if (!secret) throw new Error('CAPTCHA_SECRET must be set when CAPTCHA_SITE_KEY is')
  return {
    siteKey,
    secret,
    scriptUrl: httpUrl('CAPTCHA_SCRIPT_URL', env('CAPTCHA_SCRIPT_URL') ?? DEFAULT_CAPTCHA_SCRIPT_URL),
    verifyUrl: httpUrl('CAPTCHA_VERIFY_URL', env('CAPTCHA_VERIFY_URL') ?? DEFAULT_CAPTCHA_VERIFY_URL),
    timeoutMs: CAPTCHA_TIMEOUT_MS,
  }
}
