import clsx from 'clsx'
import Link from 'next/link'
import { useCallback } from 'react'
import { DATABASE_OBJECT_KIND_INFO, DATABASE_OBJECT_KINDS, type DatabaseObjectKind } from '@/lib/sql/database-objects'

/** The database's other pages, after the kinds of object. */
const DATABASE_PAGES = [
  { path: 'extensions', title: 'Extensions' },
  { path: 'wrappers', title: 'Wrappers' },
  { path: 'hooks', title: 'Hooks' },
  { path: 'publications', title: 'Publications' },
] as const
type DatabasePage = (typeof DATABASE_PAGES)[number]['path']

export const databaseObjectsHref = (projectRef: string, kind: DatabaseObjectKind) => `/project/${projectRef}/database/${kind}`

/**
 * The kinds of object, one link each. When the row is wider than the page it scrolls inside its
 * own box (`relative` keeps the screen-reader label inside it, so the page never widens), with
 * the current page's tab scrolled into sight.
 */
export function KindTabs({ projectRef, current }: { projectRef: string; current: DatabaseObjectKind | DatabasePage }) {
  const intoSight = useCallback((link: HTMLAnchorElement | null) => link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }), [])
  return (
    <nav aria-label="Database objects" className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <span className="sr-only">Kinds of database object</span>
      <ul className="flex w-max gap-1 border-b border-border">
        {DATABASE_OBJECT_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              href={databaseObjectsHref(projectRef, kind)}
              ref={kind === current ? intoSight : undefined}
              aria-current={kind === current ? 'page' : undefined}
              className={clsx(
                '-mb-px block whitespace-nowrap border-b-2 px-3 py-2 text-sm',
                kind === current ? 'border-foreground text-foreground' : 'border-transparent text-foreground-light hover:text-foreground'
              )}
            >
              {DATABASE_OBJECT_KIND_INFO[kind].title}
            </Link>
          </li>
        ))}
        {DATABASE_PAGES.map((page) => (
          <li key={page.path}>
            <Link
              href={`/project/${projectRef}/database/${page.path}`}
              ref={page.path === current ? intoSight : undefined}
              aria-current={page.path === current ? 'page' : undefined}
              className={clsx(
                '-mb-px block whitespace-nowrap border-b-2 px-3 py-2 text-sm',
                page.path === current ? 'border-foreground text-foreground' : 'border-transparent text-foreground-light hover:text-foreground'
              )}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
