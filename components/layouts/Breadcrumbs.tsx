import Link from 'next/link'
import { Ellipsis } from 'lucide-react'
import { TruncatedText } from '@/components/ui'
import { Menu, MenuLink, MenuText } from './Menu'
import type { Breadcrumb } from './navigation'
import { Truncated } from './Truncated'

/**
 * Where the page sits: organization, project, then the page's own crumbs. From md up the whole
 * trail shows, each crumb cut short with its full name in a tooltip; on a narrow screen only the last
 * crumb shows, after a "…" menu holding the others.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Breadcrumb[] }) {
  if (crumbs.length === 0) return null
  const last = crumbs[crumbs.length - 1]
  const earlier = crumbs.slice(0, -1)
  return (
    <nav aria-label="Breadcrumb" className="flex min-w-0 items-center text-sm text-foreground-light">
      <ol className="hidden min-w-0 items-center gap-2 md:flex" data-testid="breadcrumbs-full">
        {crumbs.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className="flex min-w-0 items-center gap-2">
            <Separator />
            <Crumb crumb={crumb} current={i === crumbs.length - 1} />
          </li>
        ))}
      </ol>
      <ol className="flex min-w-0 items-center gap-1.5 md:hidden" data-testid="breadcrumbs-collapsed">
        {earlier.length > 0 && (
          <li className="flex shrink-0 items-center gap-1.5">
            <Separator />
            <Menu
              label="Breadcrumb"
              align="start"
              buttonLabel={`Show ${earlier.length} more ${earlier.length === 1 ? 'level' : 'levels'}`}
              buttonContent={<Ellipsis size={16} aria-hidden />}
              buttonClassName="rounded-md p-1 text-foreground-light hover:bg-surface-raised hover:text-foreground"
              menuClassName="max-w-[80vw]"
            >
              {earlier.map((crumb, i) =>
                crumb.href ? (
                  <MenuLink key={`${i}-${crumb.label}`} href={crumb.href}>
                    <TruncatedText text={crumb.label} />
                  </MenuLink>
                ) : (
                  <MenuText key={`${i}-${crumb.label}`}>
                    <TruncatedText text={crumb.label} />
                  </MenuText>
                )
              )}
            </Menu>
          </li>
        )}
        <li className="flex min-w-0 items-center gap-1.5">
          <Separator />
          <Crumb crumb={last} current />
        </li>
      </ol>
    </nav>
  )
}

function Separator() {
  return (
    <span aria-hidden className="text-foreground-lighter">
      /
    </span>
  )
}

/** A crumb with a destination is a link (even the last: a project's pages lead back to its home). */
function Crumb({ crumb, current }: { crumb: Breadcrumb; current: boolean }) {
  return (
    <Truncated text={crumb.label} className="max-w-[14rem] lg:max-w-[18rem]">
      {crumb.href ? (
        <Link href={crumb.href} className="block truncate hover:text-foreground">
          {crumb.label}
        </Link>
      ) : (
        <span aria-current={current ? 'page' : undefined} className="block truncate text-foreground">
          {crumb.label}
        </span>
      )}
    </Truncated>
  )
}
