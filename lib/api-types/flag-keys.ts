/**
 * What the browser's flag client needs of the flags' contract besides the schemas (./flags.ts):
 * plain data, so that the app shell does not load zod.
 */

/** The flags the dashboard reads; the control plane seeds them (server/migrations/0014_feature_flags.sql). */
export const FLAG_KEYS = {
  clockSkewBanner: 'clockSkewBanner',
  ongoingIncident: 'ongoingIncident',
  noticeBanner: 'noticeBanner',
  functionsAssistantV2: 'functionsAssistantV2',
} as const

/** A flag's name: letters first, then letters, digits, `_`, `-` or `.`. */
export const FLAG_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/

/** A flag's text (a banner's sentence) is one short paragraph at most. */
export const FLAG_TEXT_MAX = 500

/** The text hashed for one user id of a rule (the server and the browser must agree on it). */
export const flagUserHashInput = (salt: string, userId: string) => `${salt}:${userId.toLowerCase()}`
