import { useEffect, useRef } from 'react'

/**
 * Ctrl/Cmd+S anywhere on the editor screen saves at once instead of opening the browser's "Save
 * page" dialog. (Inside Monaco its own keybinding takes the key first.)
 */
export function useSaveShortcut(save: () => void) {
  const saveRef = useRef(save)
  useEffect(() => {
    saveRef.current = save
  }, [save])
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return
      event.preventDefault()
      saveRef.current()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
