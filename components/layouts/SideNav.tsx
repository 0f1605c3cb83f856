import { NavList, NavTitle } from './NavList'
import type { NavSection } from './navigation'

/** A project's or an organization's navigation beside the page, from md up (below, the mobile menu has it). */
export function SideNav({ section }: { section: NavSection }) {
  return (
    <nav aria-label={section.label} className="hidden w-52 shrink-0 flex-col overflow-y-auto border-r border-border bg-surface p-2 md:flex">
      {section.title && <NavTitle>{section.title}</NavTitle>}
      <NavList items={section.items} />
    </nav>
  )
}
