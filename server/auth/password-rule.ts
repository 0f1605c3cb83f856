/**
 * The rule a password must meet when it is set through the auth service (sign-up, a password
 * change, the admin API): GoTrue's minimum length, the dashboard's strength score (SPEC §5, zxcvbn,
 * the same scoring as POST /platform/profile/password-check, so that what the browser accepts the
 * server accepts) and the 99-character maximum. A weak password is answered as GoTrue answers
 * one: 422 weak_password, every broken rule in `weak_password.reasons` ("length", "strength").
 * The rule's numbers are configured (password-config.ts).
 */
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from '@/lib/api-types'
import { strengthProblem } from '@/lib/password-strength'
import { checkPasswordStrength } from '../profile/password-strength'
import { authError } from './gotrue-errors'
import type { PasswordRule } from './password-config'

/** Throws GoTrue's weak_password naming every rule the password breaks. */
export async function checkPasswordRules(password: string, rule: PasswordRule): Promise<void> {
  // Too long is refused alone: the rest of the rule is not worth scoring (SPEC §5 wording).
  if (password.length > MAX_PASSWORD_LENGTH)
    throw authError(422, 'weak_password', PASSWORD_TOO_LONG_MESSAGE, { weak_password: { reasons: ['length'] } })
  const messages: string[] = []
  const reasons: string[] = []
  if (password.length < rule.minLength) {
    messages.push(`Password should be at least ${rule.minLength} characters.`)
    reasons.push('length')
  }
  if (rule.minScore > 0) {
    const problem = strengthProblem((await checkPasswordStrength(password)).result, rule.minScore)
    if (problem) {
      messages.push(problem)
      reasons.push('strength')
    }
  }
  if (reasons.length) throw authError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } })
}
