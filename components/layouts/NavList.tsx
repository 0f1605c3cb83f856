import clsx from 'clsx'
import Link from 'next/link'
import { TruncatedText } from '@/components/ui'
import type { NavItem } from './navigation'

/** A navigation's items, one per line, the current one marked; a group's heading above its first item. */
export function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item, i) => (
        <li key={item.href}>
          {item.group && item.group !== items[i - 1]?.group && (
            <div className="px-2 pt-3 pb-1 text-xs font-medium text-foreground-lighter">{item.group}</div>
          )}
          <Link
            href={item.href}
            aria-current={item.active ? 'page' : undefined}
            onClick={onNavigate}
            className={clsx(
              'flex min-h-control-small items-center gap-2 rounded-md px-2 text-sm',
              item.active ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:bg-surface-raised hover:text-foreground'
            )}
          >
            <item.icon size={16} aria-hidden className="shrink-0" />
            <TruncatedText text={item.label} />
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The name a navigation belongs to (a project, an organization), cut short with the full name in a tooltip. */
export function NavTitle({ children }: { children: string }) {
  return (
    <div className="px-2 pb-2 text-xs font-medium tracking-wide text-foreground-lighter uppercase">
      <TruncatedText text={children} />
    </div>
  )
}
