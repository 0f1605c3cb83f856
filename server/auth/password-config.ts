/**
 * What a password set through the auth service must meet (checked in password-rule.ts): GoTrue's
 * minimum length and the dashboard's strength score of SPEC §5, both configurable so that a
 * GoTrue-compatible deployment can keep GoTrue's own rule (PASSWORD_MIN_SCORE=0: length only).
 * Pure: handed a reader of variables (server/config.ts is the one place that reads them).
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE } from '@/lib/api-types'

export type PasswordRule = {
  /** Fewest characters (PASSWORD_MIN_LENGTH, GoTrue's 6 by default). */
  minLength: number
  /** Lowest zxcvbn score, 0–4 (PASSWORD_MIN_SCORE, the dashboard's 4 by default; 0 turns it off). */
  minScore: number
}

function whole(env: (name: string) => string | undefined, name: string, fallback: number, min: number, max: number): number {
  const raw = env(name)?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  return value
}

export function readPasswordRule(env: (name: string) => string | undefined): PasswordRule {
  return {
    minLength: whole(env, 'PASSWORD_MIN_LENGTH', MIN_PASSWORD_LENGTH, 1, MAX_PASSWORD_LENGTH),
    minScore: whole(env, 'PASSWORD_MIN_SCORE', MIN_PASSWORD_SCORE, 0, 4),
  }
}
