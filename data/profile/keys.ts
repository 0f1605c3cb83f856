export const profileKeys = {
  profile: () => ['profile'] as const,
  permissions: () => ['profile', 'permissions'] as const,
}
