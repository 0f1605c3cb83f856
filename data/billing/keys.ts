/**
 * Billing reads sit below the organization's root (`['organizations', slug]`,
 * data/organizations/keys.ts): a change of plan refreshes everything of the organization.
 */
export const billingKeys = {
  plans: () => ['plans'] as const,
  all: (slug: string | undefined) => ['organizations', slug, 'billing'] as const,
  subscription: (slug: string | undefined) => ['organizations', slug, 'billing', 'subscription'] as const,
  preview: (slug: string | undefined, tier: string | undefined) => ['organizations', slug, 'billing', 'preview', tier] as const,
  usage: (slug: string | undefined, start?: string, end?: string) => ['organizations', slug, 'billing', 'usage', start ?? null, end ?? null] as const,
  invoices: (slug: string | undefined) => ['organizations', slug, 'billing', 'invoices'] as const,
  taxIds: (slug: string | undefined) => ['organizations', slug, 'billing', 'tax-ids'] as const,
  paymentMethod: (slug: string | undefined) => ['organizations', slug, 'billing', 'payment-method'] as const,
}
