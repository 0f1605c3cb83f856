import clsx from 'clsx'
import Link from 'next/link'
import { useRouter } from 'next/router'

const TABS = [
  { label: 'Projects', path: '' },
  { label: 'Team', path: '/team' },
  { label: 'Billing', path: '/billing' },
  { label: 'General', path: '/general' },
] as const

/** The sections of an organization; scrolls sideways on a phone rather than wrapping. */
export function OrganizationTabs({ slug }: { slug: string }) {
  const { asPath } = useRouter()
  const current = asPath.split(/[?#]/)[0]
  return (
    <nav aria-label="Organization" className="-mx-1 mb-6 overflow-x-auto border-b border-border">
      <ul className="flex gap-1 px-1">
        {TABS.map((tab) => {
          const href = `/org/${slug}${tab.path}`
          const active = current === href
          return (
            <li key={tab.label}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm whitespace-nowrap transition-colors',
                  active ? 'border-foreground text-foreground' : 'border-transparent text-foreground-light hover:text-foreground'
                )}
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
