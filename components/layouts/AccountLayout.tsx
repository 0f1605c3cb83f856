import type { ReactNode } from 'react'
import { useRouter } from 'next/router'
import { AppLayout } from './AppLayout'
import { accountNavigation } from './section-navigation'

/**
 * The signed-in user's own pages (/account/…): the shell with the account's navigation (Security,
 * Your telemetry data) and the section as the last breadcrumb.
 *
 *   Page.getLayout = (page) => <AccountLayout section="Security">{page}</AccountLayout>
 */
export function AccountLayout({ section, children }: { section: string; children: ReactNode }) {
  const { pathname } = useRouter()
  return (
    <AppLayout breadcrumbs={[{ label: 'Account', href: '/account/security' }, { label: section }]} navigation={accountNavigation({ pathname })}>
      {children}
    </AppLayout>
  )
}
