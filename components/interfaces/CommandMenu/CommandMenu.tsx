/**
 * The command menu (SPEC §2): opens with meta+k (ctrl+k off a Mac) or when something sets
 * `appState.showCommandMenu`, and closes on Escape, a click outside, a command, or when a route
 * change completes. Typing filters the commands (navigation, snippets, projects, organizations,
 * feature previews, themes) and searches the docs at once; Enter runs the selected one. Mounted
 * once by the signed-in layout.
 */
import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { useSnapshot } from 'valtio'
import { lazyPart } from '@/components/ui/lazy-part'
import { appState } from '@/state/app'
import { COMMAND_MENU_KEY, isCommandMenuHotkey } from './hotkey'

/** The menu itself (cmdk, docs search, every command) is downloaded the first time it opens. */
export const commandMenuDialog = lazyPart(() => import('./CommandMenuDialog'))

export interface CommandMenuProps {
  /** The key pressed with meta (ctrl off a Mac) that opens and closes the menu. */
  hotkey?: string
}

const closeCommandMenu = () => {
  appState.showCommandMenu = false
}

export function CommandMenu({ hotkey = COMMAND_MENU_KEY }: CommandMenuProps = {}) {
  const { showCommandMenu } = useSnapshot(appState)
  const { events } = useRouter()
  const dialog = commandMenuDialog.useModule(showCommandMenu)

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
      if (!openedDuringNavigation) closeCommandMenu()
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
  return dialog ? <dialog.CommandMenuDialog /> : null
}
