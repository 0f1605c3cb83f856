export const flagKeys = {
  all: () => ['feature-flags'] as const,
  /** The public configuration the flag client holds, per SDK key. */
  config: (sdkKey: string | undefined) => ['feature-flags', 'config', sdkKey] as const,
  /** The salted hash the configuration's rules name the signed-in user by (computed here, never sent). */
  userHash: (salt: string | undefined, userId: string | undefined) => ['feature-flags', 'user-hash', salt, userId] as const,
}
