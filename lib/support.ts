/** The support form (SPEC §2): its route and the categories a request can have. */
export const SUPPORT_ROUTE = '/support/new'

export const SUPPORT_CATEGORIES = [
  { value: 'dashboard_bug', label: 'Dashboard bug' },
  { value: 'database', label: 'Database' },
  { value: 'billing', label: 'Billing' },
  { value: 'other', label: 'Other' },
] as const

export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]['value']

/** What the global error screen reports a client-side exception as. */
export const DASHBOARD_BUG_CATEGORY: SupportCategory = 'dashboard_bug'
