/** The signed-in user's personal access tokens (never the tokens themselves). */
export const accessTokenKeys = { list: () => ['profile', 'access-tokens'] as const }
