/**
 * Feature flags (SPEC §7 "Feature flag service"): each flag has a key, a default value (on/off,
 * or a text for a banner) and rules "for these user ids the value is …". Operators edit them with
 * the service role; the dashboard reads the public configuration (by SDK key, with an ETag) and
 * evaluates it for the signed-in user. docs/feature-flags.md describes both in words.
 */
import { z } from 'zod'
import { textField } from './zod-helpers'
import { uuidField } from './content'

/** A flag's text (a banner's sentence) is one short paragraph at most. */
export const FLAG_RULES_MAX = 50
export const FLAG_RULE_USERS_MAX = 1000

export * from './flag-keys'
import { FLAG_KEY_PATTERN, FLAG_TEXT_MAX } from './flag-keys'

export const flagKey = textField('key').regex(FLAG_KEY_PATTERN, 'key must start with a letter and hold only letters, digits, _, - or . (64 at most)')

const flagText = z
  .string()
  .max(FLAG_TEXT_MAX, `A flag's text may be ${FLAG_TEXT_MAX} characters at most`)
  .refine((s) => !s.includes('\u0000'), 'Text must not contain the NUL character (\\u0000).')

export const flagValue = z.union([z.boolean(), flagText], {
  error: 'value must be true, false or a text',
})
export type FlagValue = z.infer<typeof flagValue>

const sameKind = (a: FlagValue, b: FlagValue) => typeof a === typeof b

export const flagRule = z.strictObject({
  userIds: z
    .array(uuidField('userIds'))
    .min(1, 'A rule names at least one user id')
    .max(FLAG_RULE_USERS_MAX, `A rule names ${FLAG_RULE_USERS_MAX} user ids at most`)
    .transform((ids) => [...new Set(ids)]),
  value: flagValue,
})
export type FlagRule = z.infer<typeof flagRule>

/** What an operator sets: the default value and the rules, checked in order (the first naming the user wins). */
export const flagSettingBody = z
  .strictObject({
    value: flagValue,
    rules: z.array(flagRule).max(FLAG_RULES_MAX, `A flag has ${FLAG_RULES_MAX} rules at most`).default([]),
  })
  .refine((s) => s.rules.every((r) => sameKind(r.value, s.value)), { message: "A rule's value must be of the same kind as the flag's value (true/false, or a text)", path: ['rules'] })
export type FlagSettingBody = z.infer<typeof flagSettingBody>

export const flagKeyParams = z.object({ key: flagKey })

export const featureFlag = z.object({
  key: z.string(),
  value: flagValue,
  rules: z.array(z.object({ userIds: z.array(z.string()), value: flagValue })),
  updated_at: z.string(),
})
export type FeatureFlag = z.infer<typeof featureFlag>

export const featureFlagList = z.object({
  /** Raised by every change of any flag; part of the configuration's ETag. */
  revision: z.number().int(),
  flags: z.array(featureFlag),
})

export const featureFlagDeleted = z.object({ key: z.string(), deleted: z.literal(true) })

/** The flags evaluated for the caller (GET /platform/telemetry/feature-flags): key → value. */
export const evaluatedFlags = z.record(z.string(), flagValue)
export type EvaluatedFlags = z.infer<typeof evaluatedFlags>

/**
 * The public configuration a flag client downloads. It names no user: a rule carries the SHA-256
 * (hex) of `flagUserHashInput(salt, userId)` for each user id, so only someone who already knows
 * an id can tell whether it is targeted.
 */
export const flagConfig = z.object({
  revision: z.number().int(),
  salt: z.string(),
  flags: z.record(
    z.string(),
    z.object({
      value: flagValue,
      rules: z.array(z.object({ userIdHashes: z.array(z.string()), value: flagValue })),
    })
  ),
})
export type FlagConfig = z.infer<typeof flagConfig>


/** An SDK key is a path segment: URL-safe letters only. */
export const SDK_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

export const flagConfigParams = z.object({ sdkKey: z.string().max(200) })
