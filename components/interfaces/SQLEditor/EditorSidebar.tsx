import clsx from 'clsx'
import { useRouter } from 'next/router'
import { useId, type KeyboardEvent } from 'react'
import { QueryHistoryPanel } from '@/components/interfaces/QueryHistory/QueryHistoryPanel'
import { handOffFromHistory, historyHandOffHref } from '@/state/history-hand-off'
import { SnippetSidebar } from './SnippetSidebar'

export type SidebarTab = 'snippets' | 'history'

const TABS: { value: SidebarTab; label: string }[] = [
  { value: 'snippets', label: 'Snippets' },
  { value: 'history', label: 'History' },
]

export type EditorSidebarProps = {
  projectRef: string
  activeId: string | undefined
  tab: SidebarTab
  onTabChange: (tab: SidebarTab) => void
  /** A run from the history was opened (the phone overlay closes). */
  onOpenedRun?: () => void
}

/** The editor's side panel: the snippets, or the caller's query history, one tab each. */
export function EditorSidebar({ projectRef, activeId, tab, onTabChange, onOpenedRun }: EditorSidebarProps) {
  const baseId = useId()
  const tabId = (value: SidebarTab) => `${baseId}-${value}`
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = TABS[(from + step + TABS.length) % TABS.length].value
    onTabChange(next)
    document.getElementById(tabId(next))?.focus()
  }

  return (
    <div className="flex h-full min-h-0 flex-col bg-surface">
      <div role="tablist" aria-label="Sidebar" className="flex shrink-0 gap-1 border-b border-border px-2">
        {TABS.map(({ value, label }, index) => (
          <button
            key={value}
            id={tabId(value)}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => onTabChange(value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={clsx(
              '-mb-px border-b-2 px-2 py-2 text-xs font-medium focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none focus-visible:ring-inset',
              tab === value ? 'border-brand text-foreground' : 'border-transparent text-foreground-light hover:text-foreground'
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={tabId(tab)} className="flex min-h-0 flex-1 flex-col">
        {tab === 'snippets' ? (
          <SnippetSidebar projectRef={projectRef} activeId={activeId} />
        ) : (
          <HistoryTab projectRef={projectRef} onOpened={onOpenedRun} />
        )}
      </div>
    </div>
  )
}

/** Opening a run starts a new, unsaved snippet with its SQL (README: History). */
function HistoryTab({ projectRef, onOpened }: { projectRef: string; onOpened?: () => void }) {
  const router = useRouter()
  return (
    <QueryHistoryPanel
      projectRef={projectRef}
      className="flex-1"
      onOpen={(sql) => {
        handOffFromHistory(sql)
        onOpened?.()
        void router.push(historyHandOffHref(projectRef))
      }}
    />
  )
}
