/** The log sources of SPEC §3: the recorded ones first; the others marked "not run here". */
import Link from 'next/link'
import clsx from 'clsx'
import { LOG_SOURCES, type LogSourceName } from '@/lib/logs/sources'

export function LogSourceList({ projectRef, current }: { projectRef: string; current: LogSourceName }) {
  return (
    <nav aria-label="Log sources" className="relative overflow-x-auto lg:overflow-visible">
      <ul className="flex gap-1 lg:flex-col">
        {LOG_SOURCES.map((source) => (
          <li key={source.name} className="shrink-0">
            <Link
              href={`/project/${projectRef}/logs/${source.name}`}
              aria-current={source.name === current ? 'page' : undefined}
              className={clsx(
                // A row on phones (the list scrolls sideways); stacked in the side column, where a
                // long name and its note would not fit side by side.
                'flex items-center justify-between gap-3 whitespace-nowrap rounded-md px-3 py-1.5 text-sm lg:flex-col lg:items-start lg:gap-0 lg:whitespace-normal focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
                source.name === current ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:bg-surface-raised hover:text-foreground'
              )}
            >
              <span>{source.label}</span>
              {!source.recorded && <span className="text-xs text-foreground-lighter">not run here</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
