/**
 * The command menu (SPEC §2): opens with meta+k (ctrl+k off a Mac) or when something sets
 * `appState.showCommandMenu`, and closes on Escape, a click outside, a command, or when a route
 * change completes. Typing filters the commands (navigation, snippets, projects, organizations,
 * feature previews, themes) and searches the docs at once; Enter runs the selected one. Mounted
 * once by the signed-in layout.
 */
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useRouter } from 'next/router'
import { Command } from 'cmdk'
import { Search } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { useIsClient } from '@/components/ui/useIsClient'
import { useOverlay } from '@/components/ui/useOverlay'
import { appState } from '@/state/app'
import { DocsSearchResults, commandItemClasses } from '../DocsSearch/DocsSearchResults'
import { useDocsSearch } from '../DocsSearch/useDocsSearch'
import { rankCommand } from './command-filter'
import type { CommandSection } from './command-section'
import { COMMAND_MENU_LABEL, COMMAND_MENU_PLACEHOLDER } from './CommandMenu.constants'
import { COMMAND_MENU_KEY, isCommandMenuHotkey } from './hotkey'
import { useCommandSections } from './useCommandSections'

export interface CommandMenuProps {
  /** The key pressed with meta (ctrl off a Mac) that opens and closes the menu. */
  hotkey?: string
}

const close = () => {
  appState.showCommandMenu = false
}

export function CommandMenu({ hotkey = COMMAND_MENU_KEY }: CommandMenuProps = {}) {
  const { showCommandMenu } = useSnapshot(appState)
  const { events } = useRouter()

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandMenuHotkey(event, { key: hotkey })) return
      event.preventDefault() // the browser's own meta+k (its search bar) would take focus away
      // Before the focused element sees it: the SQL editor takes meta+k as the start of a chord.
      event.stopPropagation()
      appState.showCommandMenu = !appState.showCommandMenu
    }
    window.addEventListener('keydown', onKeyDown, { capture: true })
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [hotkey])

  useEffect(() => {
    // A menu opened while a navigation was already under way (the new page still loading) was
    // opened for the page that is coming: that navigation completing must not close it.
    let openedDuringNavigation = false
    const onStart = (_url: string, options?: { shallow?: boolean }) => {
      if (!options?.shallow) openedDuringNavigation = !appState.showCommandMenu
    }
    // A shallow change (a new snippet's id written into the URL) stays on the page: the menu too.
    const closeOnNavigation = (_url: string, options?: { shallow?: boolean }) => {
      if (options?.shallow) return
      if (!openedDuringNavigation) close()
      openedDuringNavigation = false
    }
    const onError = () => {
      openedDuringNavigation = false
    }
    events.on('routeChangeStart', onStart)
    events.on('routeChangeComplete', closeOnNavigation)
    events.on('routeChangeError', onError)
    return () => {
      events.off('routeChangeStart', onStart)
      events.off('routeChangeComplete', closeOnNavigation)
      events.off('routeChangeError', onError)
    }
  }, [events])

  // Mounted only while open: the text typed and the docs search start afresh each time.
  return showCommandMenu ? <CommandMenuDialog /> : null
}

function CommandMenuDialog() {
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
