import type { ReactNode } from 'react'

/** The frame of a feature page: its title, what it is for, its section's tabs if any, then the page. */
export function FeaturePage({
  title,
  description,
  actions,
  tabs,
  children,
}: {
  title: string
  description: ReactNode
  actions?: ReactNode
  tabs?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-xl font-medium text-foreground">{title}</h1>
          <p className="text-sm text-foreground-light">{description}</p>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </header>
      {tabs}
      {children}
    </div>
  )
}
