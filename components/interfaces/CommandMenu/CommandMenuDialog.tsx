/** The command menu's dialog (SPEC §2), mounted by CommandMenu while open. */
import { useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useRouter } from 'next/router'
import { Command } from 'cmdk'
import { Search } from 'lucide-react'
import { useIsClient } from '@/components/ui/useIsClient'
import { useOverlay } from '@/components/ui/useOverlay'
import { appState } from '@/state/app'
import { DocsSearchResults, commandItemClasses } from '../DocsSearch/DocsSearchResults'
import { useDocsSearch } from '../DocsSearch/useDocsSearch'
import { rankCommand } from './command-filter'
import type { CommandSection } from './command-section'
import { COMMAND_MENU_LABEL, COMMAND_MENU_PLACEHOLDER } from './CommandMenu.constants'
import { useCommandSections } from './useCommandSections'

const close = () => {
  appState.showCommandMenu = false
}

export function CommandMenuDialog() {
  const mounted = useIsClient()
  const containerRef = useRef<HTMLDivElement>(null)
  useOverlay({ active: mounted, onClose: close, containerRef })
  const router = useRouter()
  const [search, setSearch] = useState('')
  const docs = useDocsSearch()
  const sections = useCommandSections({ open: true, close })

  const openDocs = (href: string) => {
    close()
    if (/^https?:\/\//i.test(href)) window.open(href, '_blank', 'noopener,noreferrer')
    else void router.push(href)
  }

  if (!mounted) return null
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center px-2 pt-[8vh] sm:px-4 sm:pt-[14vh]">
      <div aria-hidden="true" data-testid="command-menu-backdrop" className="fixed inset-0 bg-black/50 backdrop-blur-[1px]" onClick={close} />
      <div
        ref={containerRef}
        role="dialog"
        aria-modal="true"
        aria-label={COMMAND_MENU_LABEL}
        tabIndex={-1}
        className="relative z-10 w-full max-w-xl overflow-hidden rounded-lg border border-border bg-surface text-foreground shadow-xl outline-none"
      >
        {/* vimBindings off: ctrl+k is the menu's own shortcut off a Mac. */}
        <Command label={COMMAND_MENU_LABEL} loop vimBindings={false} filter={rankCommand}>
          <div className="flex items-center gap-2 border-b border-border px-3">
            <Search size={16} aria-hidden="true" className="shrink-0 text-foreground-lighter" />
            <Command.Input
              autoFocus
              value={search}
              onValueChange={(value) => {
                setSearch(value)
                docs.search(value)
              }}
              placeholder={COMMAND_MENU_PLACEHOLDER}
              className="h-12 w-full min-w-0 bg-transparent text-base text-foreground outline-none placeholder:text-foreground-lighter sm:text-sm"
            />
            <kbd className="hidden shrink-0 rounded border border-border px-1.5 py-0.5 font-mono text-[11px] text-foreground-lighter sm:inline">Esc</kbd>
          </div>
          <Command.List className="max-h-[min(65vh,420px)] overflow-y-auto overscroll-contain p-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-foreground-lighter">
            <Command.Empty className="px-3 py-2 text-sm text-foreground-light">No commands match “{search.trim()}”</Command.Empty>
            {sections.map((section) => (
              <CommandGroup key={section.id} section={section} />
            ))}
            <DocsSearchResults state={docs.state} onOpen={openDocs} />
          </Command.List>
        </Command>
      </div>
    </div>,
    document.body
  )
}

function CommandGroup({ section }: { section: CommandSection }) {
  return (
    <Command.Group heading={section.name} forceMount={section.forceMount} data-section-id={section.id}>
      {section.commands.map((command) => {
        const Icon = command.icon
        return (
          <Command.Item
            key={command.id}
            value={command.id}
            keywords={[command.name, ...(command.keywords ?? [])]}
            forceMount={section.forceMount}
            onSelect={command.run}
            className={commandItemClasses}
          >
            {Icon && <Icon size={16} aria-hidden="true" className="shrink-0 text-foreground-lighter" />}
            <span className="min-w-0 flex-1 truncate">{command.name}</span>
            {command.hint && <span className="shrink-0 text-xs text-foreground-lighter">{command.hint}</span>}
          </Command.Item>
        )
      })}
    </Command.Group>
  )
}
