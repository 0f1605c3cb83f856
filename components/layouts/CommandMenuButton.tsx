import { Search } from 'lucide-react'
import { useIsClient } from '@/components/ui/useIsClient'
import { appState } from '@/state/app'

/** Apple keyboards say ⌘, the others Ctrl; only the browser knows which this is. */
function usesCommandKey(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? ''
  return /mac|iphone|ipad|ipod/i.test(platform || navigator.userAgent)
}

/** Opens the command menu (the same as meta+K). The shortcut is shown from lg up, where there is room. */
export function CommandMenuButton() {
  const isClient = useIsClient()
  const mac = isClient && usesCommandKey()
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      onClick={() => {
        appState.showCommandMenu = true
      }}
      className="flex h-control-tiny items-center gap-2 rounded-md border border-border px-2 text-xs text-foreground-light hover:bg-surface-raised hover:text-foreground"
    >
      <Search size={14} aria-hidden />
      <span className="sr-only sm:not-sr-only">Search…</span>
      {isClient && (
        <kbd aria-hidden className="hidden rounded border border-border bg-surface-raised px-1 font-sans text-[10px] text-foreground-lighter lg:inline">
          {mac ? '⌘K' : 'Ctrl K'}
        </kbd>
      )}
    </button>
  )
}
