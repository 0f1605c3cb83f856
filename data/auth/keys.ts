export const authKeys = {
  factors: () => ['auth', 'mfa-factors'] as const,
}
