export const organizationKeys = {
  list: () => ['organizations'] as const,
  detail: (slug: string | undefined) => ['organizations', slug, 'detail'] as const,
  members: (slug: string | undefined) => ['organizations', slug, 'members'] as const,
  invitations: (slug: string | undefined) => ['organizations', slug, 'invitations'] as const,
  /** An invitation looked up by its token (/join): not under an organization the user belongs to yet. */
  invitation: (token: string | undefined) => ['invitations', token] as const,
}
