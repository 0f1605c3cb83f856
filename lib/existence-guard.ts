/**
 * The existence guard of SPEC §2, as a pure decision: given the route and what the user has,
 * which error (if any) to show before redirecting.
 */
export const ORG_NOT_FOUND = 'This organization does not exist'
export const PROJECT_NOT_FOUND = 'This project does not exist'

/** Routes that deal with things that do not exist yet. */
const EXEMPT = [/^\/new(\/|$)/, /^\/join(\/|$)/]

export type GuardInput = {
  pathname: string
  slug?: string
  ref?: string
  organizations?: { slug: string }[]
  projects?: { ref: string; preview_branch_refs?: string[] }[]
}

export function existenceError({ pathname, slug, ref, organizations, projects }: GuardInput): string | null {
  if (EXEMPT.some((re) => re.test(pathname))) return null
  if (slug && organizations && !organizations.some((o) => o.slug === slug)) return ORG_NOT_FOUND
  if (ref && projects && !projects.some((p) => p.ref === ref || p.preview_branch_refs?.includes(ref))) return PROJECT_NOT_FOUND
  return null
}
