import Head from 'next/head'
import type { ReactNode } from 'react'
import { Skeleton, TruncatedText } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import type { Organization } from '@/lib/api-types'
import { PRODUCT_NAME } from '@/lib/constants'
import { useRouteOrganization } from './useRouteOrganization'

/**
 * The content frame of an organization's pages: title and heading, and the loading and error
 * states of the organization itself; the section renders once it is known. Its navigation is
 * OrganizationLayout's; its restriction banner is in the dashboard's banners above the page.
 */
export function OrganizationPage({ section, actions, children }: { section?: string; actions?: (org: Organization) => ReactNode; children: (org: Organization) => ReactNode }) {
  const { organization: org, error, refetch, isFetching } = useRouteOrganization()
  if (error)
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <QueryErrorAlert title="Could not load this organization" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    )
  if (!org)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6" aria-busy="true" aria-label="Loading the organization">
        <Skeleton className="mb-6 h-8 w-48" />
        <Skeleton className="h-40" />
      </div>
    )
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Head>
        <title>{`${section ? `${section} | ` : ''}${org.name} | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">
            <TruncatedText text={section ?? org.name} />
          </h1>
          {section && <TruncatedText text={org.name} className="text-sm text-foreground-light" />}
        </div>
        {actions?.(org)}
      </div>
      {children(org)}
    </div>
  )
}
