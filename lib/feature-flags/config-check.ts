/**
 * The browser's check of a flag configuration (from GET /platform/flags/config, or the copy kept
 * in localStorage): a plain function, so that the app shell, which reads flags on every page, does
 * not load zod. It accepts what the contract's schema (`flagConfig`, lib/api-types/flags.ts)
 * accepts; config-check.test.ts holds the two side by side.
 */
import type { FlagConfig, FlagValue } from '@/lib/api-types'
import { FLAG_TEXT_MAX } from '@/lib/api-types/flag-keys'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A flag's value: true, false or a short text (`flagValue` of the contract). */
export function isFlagValue(value: unknown): value is FlagValue {
  return typeof value === 'boolean' || (typeof value === 'string' && value.length <= FLAG_TEXT_MAX && !value.includes('\u0000'))
}

function readFlag(value: unknown): FlagConfig['flags'][string] | null {
  if (!isObject(value) || !isFlagValue(value.value) || !Array.isArray(value.rules)) return null
  const rules: FlagConfig['flags'][string]['rules'] = []
  for (const rule of value.rules) {
    if (!isObject(rule) || !isFlagValue(rule.value) || !Array.isArray(rule.userIdHashes) || !rule.userIdHashes.every((h) => typeof h === 'string')) return null
    rules.push({ userIdHashes: rule.userIdHashes as string[], value: rule.value })
  }
  return { value: value.value, rules }
}

/** The configuration, with nothing but its own fields; null when `value` is not one. */
export function readFlagConfig(value: unknown): FlagConfig | null {
  if (!isObject(value) || !Number.isInteger(value.revision) || typeof value.salt !== 'string' || !isObject(value.flags)) return null
  const flags: FlagConfig['flags'] = {}
  for (const [key, flag] of Object.entries(value.flags)) {
    const read = readFlag(flag)
    if (!read) return null
    flags[key] = read
  }
  return { revision: value.revision as number, salt: value.salt, flags }
}
