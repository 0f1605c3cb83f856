/**
 * The password limits and the strength score the sign-up form and the auth service share (SPEC §5). Kept apart from the
 * auth contracts (auth.ts, built with zod) so that the sign-in and sign-up pages load no schema
 * library for two numbers and a sentence.
 */
export const MIN_PASSWORD_LENGTH = 6
/** SPEC §5: under 100 characters. */
export const MAX_PASSWORD_LENGTH = 99
export const PASSWORD_TOO_LONG_MESSAGE = 'Password should be less than 100 characters'
/** SPEC §5: the password must reach this score. */
export const MIN_PASSWORD_SCORE = 4
