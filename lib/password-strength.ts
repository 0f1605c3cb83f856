/** What the dashboard says about a password's strength score (SPEC §5). */
import { MIN_PASSWORD_SCORE } from './api-types/password-limits'
import type { PasswordCheckResult } from './api-types'

export const STRENGTH_MESSAGES = [
  'This password is not acceptable.',
  'This password is not secure enough.',
  'This password is not secure enough.',
  'Not bad, but your password must be harder to guess.',
  'This password is strong.',
] as const

/** Width of the strength bar per score. */
export const STRENGTH_WIDTHS = ['10%', '30%', '50%', '80%', '100%'] as const

export const NEEDS_STRONGER = 'You need a stronger password.'

/**
 * Why the password cannot be used: the server's warning (if any) then the rule; null when strong
 * enough. The auth service words a weak password the same way, with its configured minimum.
 */
export function strengthProblem(result: PasswordCheckResult['result'], minScore = MIN_PASSWORD_SCORE): string | null {
  if (result.score >= minScore) return null
  const warning = result.feedback.warning.trim()
  return warning ? `${warning.replace(/\.?$/, '.')} ${NEEDS_STRONGER}` : NEEDS_STRONGER
}
