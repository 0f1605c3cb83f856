/**
 * SPEC §2: the command menu opens with meta+k (Cmd+K on a Mac; Ctrl+K elsewhere, where the meta
 * key belongs to the system).
 */

/** The key that opens the command menu with meta (Mac) or ctrl (elsewhere). */
export const COMMAND_MENU_KEY = 'k'

type KeyLike = Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>

type NavigatorLike = Pick<Navigator, 'platform' | 'userAgent'> & { userAgentData?: { platform?: string } }

export function isMacPlatform(nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (!nav) return false
  return /mac|iphone|ipad|ipod/i.test(nav.userAgentData?.platform || nav.platform || nav.userAgent)
}

export function isCommandMenuHotkey(event: KeyLike, { key = COMMAND_MENU_KEY, isMac = isMacPlatform() }: { key?: string; isMac?: boolean } = {}): boolean {
  if (event.altKey || event.shiftKey || event.key.toLowerCase() !== key.toLowerCase()) return false
  return isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
}

/** How the shortcut is written for this platform ("⌘K" or "Ctrl+K"). */
export const hotkeyLabel = (key = COMMAND_MENU_KEY, isMac = isMacPlatform()) => (isMac ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`)
