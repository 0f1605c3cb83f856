export const authKeys = {
  factors: () => ['auth', 'mfa-factors'] as const,
  settings: () => ['auth', 'settings'] as const,
  identities: () => ['auth', 'identities'] as const,
  passkeys: () => ['auth', 'passkeys'] as const,
}
