import Head from 'next/head'
import type { ReactNode } from 'react'
import { Alert, Skeleton } from '@/components/ui'
import type { Organization } from '@/lib/api-types'
import { PRODUCT_NAME } from '@/lib/constants'
import { OrganizationTabs } from './OrganizationTabs'
import { RestrictionBanner } from './RestrictionBanner'
import { useRouteOrganization } from './useRouteOrganization'

/**
 * The frame of an organization's pages: title, tabs, and the loading and error states of the
 * organization itself; the section renders once it is known.
 */
export function OrganizationPage({ section, actions, children }: { section?: string; actions?: (org: Organization) => ReactNode; children: (org: Organization) => ReactNode }) {
  const { organization: org, error } = useRouteOrganization()
  if (error)
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <Alert variant="danger" title="Could not load this organization">
          {error.message}. Refresh the page to try again.
        </Alert>
      </div>
    )
  if (!org)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="mb-6 h-8 w-48" />
        <Skeleton className="h-40" />
      </div>
    )
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Head>
        <title>{`${section ? `${section} | ` : ''}${org.name} | ${PRODUCT_NAME}`}</title>
      </Head>
      <RestrictionBanner slug={org.slug} className="mb-4" />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 truncate text-2xl font-semibold">{org.name}</h1>
        {actions?.(org)}
      </div>
      <OrganizationTabs slug={org.slug} />
      {children(org)}
    </div>
  )
}
