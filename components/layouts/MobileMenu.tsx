import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { useSnapshot } from 'valtio'
import { BookOpen, LayoutGrid, LifeBuoy, Menu as MenuIcon } from 'lucide-react'
import { SidePanel } from '@/components/ui'
import { BREAKPOINTS } from '@/components/ui/sizes'
import { appState } from '@/state/app'
import { NavList, NavTitle } from './NavList'
import type { NavItem, NavSection } from './navigation'

const closeMobileMenu = () => {
  appState.showMobileMenu = false
}

/**
 * Below md the side navigation is folded away: this sheet shows it instead, with the dashboard's
 * own places under it. It closes on Escape, on the overlay, when a route change completes, and
 * when the screen grows wide enough for the side navigation.
 */
export function MobileMenu({ section, isPlatform }: { section?: NavSection; isPlatform: boolean }) {
  const { showMobileMenu } = useSnapshot(appState)
  const router = useRouter()
  const { pathname } = router

  useEffect(() => {
    const events = router.events
    events?.on('routeChangeComplete', closeMobileMenu)
    return () => events?.off('routeChangeComplete', closeMobileMenu)
  }, [router.events])

  useEffect(() => {
    if (!showMobileMenu || typeof window.matchMedia !== 'function') return
    const wide = window.matchMedia(`(min-width: ${BREAKPOINTS.md}px)`)
    const onChange = () => wide.matches && closeMobileMenu()
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [showMobileMenu])

  const general: NavItem[] = [
    ...(isPlatform ? [{ label: 'All projects', href: '/projects', icon: LayoutGrid, active: pathname === '/projects' }] : []),
    { label: 'Docs', href: '/docs/quick-start', icon: BookOpen, active: pathname.startsWith('/docs') },
    { label: 'Support', href: '/support/new', icon: LifeBuoy, active: pathname.startsWith('/support') },
  ]

  return (
    // Narrower than the smallest side panel, so a strip of the page stays in view to tap it closed.
    <SidePanel open={showMobileMenu} onClose={closeMobileMenu} side="left" title="Menu" className="max-w-[min(20rem,85vw)]!">
      <div className="flex flex-col gap-6">
        {section && (
          <nav aria-label={section.label}>
            {section.title && <NavTitle>{section.title}</NavTitle>}
            <NavList items={section.items} onNavigate={closeMobileMenu} />
          </nav>
        )}
        <nav aria-label="Dashboard">
          <NavTitle>Dashboard</NavTitle>
          <NavList items={general} onNavigate={closeMobileMenu} />
        </nav>
      </div>
    </SidePanel>
  )
}

/** The header's button for the mobile menu; only below md, where the side navigation is folded away. */
export function MobileMenuButton() {
  const { showMobileMenu } = useSnapshot(appState)
  return (
    <button
      type="button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={showMobileMenu}
      onClick={() => {
        appState.showMobileMenu = true
      }}
      className="-ml-1 rounded-md p-1.5 text-foreground-light hover:bg-surface-raised hover:text-foreground md:hidden"
    >
      <MenuIcon size={18} aria-hidden />
    </button>
  )
}
