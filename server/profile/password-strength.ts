/**
 * Password strength (SPEC §5): zxcvbn-ts with the common and English dictionaries, scored 0–4 with
 * its feedback. Built once per process: the dictionaries take a moment to load.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as en from '@zxcvbn-ts/language-en'
import type { PasswordCheckResult } from '@/lib/api-types'

let factory: ZxcvbnFactory | undefined

/** Only this much of a password is scored: longer ones are not weaker, and the work stays bounded. */
const SCORED_LENGTH = 100

export function checkPasswordStrength(password: string, userInputs: string[] = []): PasswordCheckResult {
  factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  })
  const result = factory.check(password.slice(0, SCORED_LENGTH), userInputs)
  return { result: { score: result.score, feedback: { warning: result.feedback.warning ?? '', suggestions: result.feedback.suggestions } } }
}
