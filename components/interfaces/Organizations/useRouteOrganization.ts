import { useRouter } from 'next/router'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'

/** The organization of an /org/[slug] route, from the list the shell already loads. */
export function useRouteOrganization() {
  const { query } = useRouter()
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  const organizations = useOrganizationsQuery()
  return {
    slug,
    organization: organizations.data?.find((o) => o.slug === slug),
    error: organizations.error,
    isLoading: organizations.isLoading,
    isFetching: organizations.isFetching,
    refetch: organizations.refetch,
  }
}
