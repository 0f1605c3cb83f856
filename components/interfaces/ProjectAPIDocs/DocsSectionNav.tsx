import clsx from 'clsx'
import type { ApiDocsCatalog } from '@/lib/sql/api-docs-catalog'
import { AUTHENTICATION, CLIENT_LIBRARIES_SECTION, functionSection, INTRODUCTION, sectionValue, tableSection, type DocsSection } from './api-docs.utils'

type Entry = { section: DocsSection; label: string }

/** The sections as a list beside the docs, for the page on wide screens (the panel and phones use the select). */
export function DocsSectionNav({ section, catalog, onChange }: { section: DocsSection; catalog: ApiDocsCatalog; onChange: (section: DocsSection) => void }) {
  const current = sectionValue(section)
  const groups: { title?: string; entries: Entry[] }[] = [
    {
      entries: [
        { section: INTRODUCTION, label: 'Introduction' },
        { section: AUTHENTICATION, label: 'Authentication' },
      ],
    },
    { title: 'Tables and views', entries: catalog.tables.map((t) => ({ section: tableSection(t), label: `${t.schema}.${t.name}` })) },
    { title: 'Functions', entries: catalog.functions.map((f) => ({ section: functionSection(f), label: `${f.schema}.${f.name}(${f.identity})` })) },
    { entries: [{ section: CLIENT_LIBRARIES_SECTION, label: 'Client libraries' }] },
  ]
  return (
    <nav aria-label="API docs sections" className="flex max-h-[calc(100vh-8rem)] flex-col gap-3 overflow-y-auto text-sm">
      {groups
        .filter((g) => g.entries.length > 0)
        .map((group, i) => (
          <div key={group.title ?? i} className="flex flex-col gap-0.5">
            {group.title && <p className="px-2 pb-1 text-xs font-medium text-foreground-lighter">{group.title}</p>}
            <ul className="flex flex-col gap-0.5">
              {group.entries.map((entry) => {
                const value = sectionValue(entry.section)
                return (
                  <li key={value}>
                    <button
                      type="button"
                      title={entry.label}
                      aria-current={value === current ? 'page' : undefined}
                      onClick={() => onChange(entry.section)}
                      className={clsx(
                        'w-full truncate rounded px-2 py-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-brand',
                        value === current ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:text-foreground'
                      )}
                    >
                      {entry.label}
                    </button>
                  </li>
                )
              })}
            </ul>
          </div>
        ))}
    </nav>
  )
}
