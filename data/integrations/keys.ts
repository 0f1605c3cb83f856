export const integrationKeys = {
  githubSettings: () => ['integrations', 'github', 'settings'] as const,
  /** Under the organization's keys: invalidating an organization refreshes them too. */
  githubConnections: (slug: string | undefined) => ['organizations', slug, 'integrations', 'github'] as const,
}
