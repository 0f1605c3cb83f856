/**
 * The audit log sits below the organization's root (`['organizations', slug]`,
 * data/organizations/keys.ts): whatever refreshes the organization refreshes its log too.
 */
export const auditKeys = {
  all: (slug: string | undefined) => ['organizations', slug, 'audit'] as const,
  log: (slug: string | undefined, dateStart?: string, dateEnd?: string) => ['organizations', slug, 'audit', dateStart ?? null, dateEnd ?? null] as const,
}
