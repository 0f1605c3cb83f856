/**
 * Password strength (SPEC §5): zxcvbn-ts with the common and English dictionaries, scored 0–4 with
 * its feedback. Loaded at the first check and built once per process: decompressing the
 * dictionaries takes about a third of a second of CPU, which a start of the server need not wait for.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
import type { PasswordCheckResult } from '@/lib/api-types'

let factory: Promise<ZxcvbnFactory> | undefined

/** Only this much of a password is scored: longer ones are not weaker, and the work stays bounded. */
const SCORED_LENGTH = 100

async function buildFactory(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
  return new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  })
}

export async function checkPasswordStrength(password: string, userInputs: string[] = []): Promise<PasswordCheckResult> {
  // A failed load is tried again at the next check rather than remembered.
  factory ??= buildFactory().catch((error: unknown) => {
    factory = undefined
    throw error
  })
  const result = (await factory).check(password.slice(0, SCORED_LENGTH), userInputs)
  return { result: { score: result.score, feedback: { warning: result.feedback.warning ?? '', suggestions: result.feedback.suggestions } } }
}
