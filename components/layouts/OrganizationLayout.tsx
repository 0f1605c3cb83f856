import type { ReactNode } from 'react'
import { useRouter } from 'next/router'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useCan } from '@/data/profile/use-can'
import { AppLayout } from './AppLayout'
import { organizationNavigation } from './section-navigation'

/**
 * An organization's pages (/org/[slug]/…): the signed-in shell with the organization's
 * navigation (Projects, Team, Billing, Usage, Invoices, Audit log — for those who may read it —,
 * Integrations, General settings) and the section as the
 * last breadcrumb.
 *
 *   Page.getLayout = (page) => <OrganizationLayout section="Team">{page}</OrganizationLayout>
 */
export function OrganizationLayout({ section, children }: { section?: string; children: ReactNode }) {
  const { pathname, query } = useRouter()
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  // Read from the cache the shell fills: never fetched from here, before the shell knows who is signed in.
  const { data: organizations } = useOrganizationsQuery({ enabled: false })
  const organization = organizations?.find((o) => o.slug === slug)
  const auditLog = useCan('audit:read', organization)
  return (
    <AppLayout breadcrumbs={section ? [{ label: section }] : undefined} navigation={slug ? organizationNavigation({ slug, pathname, name: organization?.name, auditLog }) : undefined}>
      {children}
    </AppLayout>
  )
}
