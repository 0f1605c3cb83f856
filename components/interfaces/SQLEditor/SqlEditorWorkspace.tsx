import { PanelLeft, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { EditorSidebar, type SidebarTab } from './EditorSidebar'
import { SnippetEditor, type SnippetEditorProps } from './SnippetEditor'

/**
 * The SQL editor pages: the sidebar (snippets, or the query history) on the left, the editor
 * beside it. On a phone the sidebar is an overlay opened from the editor's toolbar.
 */
export function SqlEditorWorkspace({ projectRef, id, librarySnippet }: Omit<SnippetEditorProps, 'toolbarStart'>) {
  const [overlay, setOverlay] = useState(false)
  // One choice for both sidebars: the overlay opens on the tab the wide screen showed.
  const [tab, setTab] = useState<SidebarTab>('snippets')
  const [openedFor, setOpenedFor] = useState(id)
  const closeRef = useRef<HTMLButtonElement>(null)
  // Opening a snippet from the overlay closes it.
  if (openedFor !== id) {
    setOpenedFor(id)
    setOverlay(false)
  }


  useEffect(() => {
    if (!overlay) return
    // Focus goes into the overlay, so keyboard users land in the list they asked for.
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOverlay(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [overlay])

  const toggle = (
    <button
      type="button"
      aria-label="Show snippets"
      aria-expanded={overlay}
      aria-controls="sql-snippets-overlay"
      onClick={() => setOverlay(true)}
      className="rounded p-1 text-foreground-light hover:bg-surface-raised hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand md:hidden"
    >
      <PanelLeft size={16} aria-hidden="true" />
    </button>
  )

  const sidebar = (
    <EditorSidebar
      projectRef={projectRef}
      activeId={id}
      tab={tab}
      onTabChange={setTab}
      // A run opens in /sql/new, which may be the route already: the overlay must close anyway.
      onOpenedRun={() => setOverlay(false)}
    />
  )

  return (
    <div className="flex h-full min-h-0">
      <aside aria-label="Snippets" className="hidden w-64 shrink-0 border-r border-border md:block">
        {sidebar}
      </aside>
      {overlay && (
        <div className="fixed inset-0 z-40 flex md:hidden" id="sql-snippets-overlay">
          <div aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={() => setOverlay(false)} />
          <aside aria-label="Snippets" className="relative flex w-80 max-w-[85vw] flex-col border-r border-border bg-surface shadow-xl">
            <button
              ref={closeRef}
              type="button"
              aria-label="Close snippets"
              onClick={() => setOverlay(false)}
              className="absolute top-2 right-2 z-10 rounded p-1 text-foreground-light hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-brand"
            >
              <X size={16} aria-hidden="true" />
            </button>
            <div className="min-h-0 flex-1 pt-8">
              {sidebar}
            </div>
          </aside>
        </div>
      )}
      <div className="min-h-0 min-w-0 flex-1">
        <SnippetEditor projectRef={projectRef} id={id} librarySnippet={librarySnippet} toolbarStart={toggle} />
      </div>
    </div>
  )
}
