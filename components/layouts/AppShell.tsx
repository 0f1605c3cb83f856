import type { ReactNode } from 'react'
import { AppHeader } from './AppHeader'
import { MobileMenu } from './MobileMenu'
import type { Breadcrumb, NavSection } from './navigation'
import { SideNav } from './SideNav'

/**
 * The frame of the app's pages, signed in or not: header, banners, the side navigation (from md
 * up; the mobile menu below) and the page.
 */
export function AppShell({
  breadcrumbs,
  navigation,
  headerEnd,
  banners,
  isPlatform,
  children,
}: {
  breadcrumbs: Breadcrumb[]
  navigation?: NavSection
  headerEnd?: ReactNode
  banners?: ReactNode
  isPlatform: boolean
  children: ReactNode
}) {
  return (
    <div className="flex h-dvh flex-col">
      <AppHeader breadcrumbs={breadcrumbs} end={headerEnd} />
      {banners && <div data-slot="banners">{banners}</div>}
      <div className="flex min-h-0 flex-1">
        {navigation && <SideNav section={navigation} />}
        <main className="flex min-h-0 min-w-0 flex-1 flex-col overflow-auto">{children}</main>
      </div>
      <MobileMenu section={navigation} isPlatform={isPlatform} />
    </div>
  )
}
