import type { LucideIcon } from 'lucide-react'

/** One destination in a side navigation (and in the mobile menu, which shows the same list). */
export type NavItem = {
  label: string
  href: string
  icon: LucideIcon
  /** The page shown now is this item's (or one below it). */
  active: boolean
  /** A heading the item sits under, with the items next to it of the same group (e.g. "Authentication"). */
  group?: string
}

/** The navigation of a project or an organization: what the side bar shows from md up. */
export type NavSection = {
  /** Accessible name of the navigation landmark, e.g. "Project". */
  label: string
  /** Heading above the items: the project's or organization's name (long names truncate). */
  title?: string
  items: NavItem[]
}

/** The trail in the header: organization, project, then the page's own crumbs. */
export type Breadcrumb = { label: string; href?: string }
