import { useTheme } from 'next-themes'
import type { CSSProperties } from 'react'
import { Toaster } from 'sonner'
import { TOAST_DURATION_MS } from '@/components/ui/timings'

export { TOAST_DURATION_MS }

/** Plain toasts take the app's own surface, border and text tokens, so each theme has its look. */
const TOKEN_COLOURS = {
  '--normal-bg': 'var(--surface)',
  '--normal-border': 'var(--border)',
  '--normal-text': 'var(--foreground)',
} as CSSProperties

/**
 * Toasts top-right for 4 s (SPEC §2, §9). Both dark themes use sonner's dark variant for the
 * coloured (success, error) toasts; before the theme is known it follows the system, like the app.
 */
export function ThemedToaster() {
  const { resolvedTheme } = useTheme()
  const theme = resolvedTheme === undefined ? 'system' : resolvedTheme === 'light' ? 'light' : 'dark'
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      style={TOKEN_COLOURS}
      richColors
      closeButton
    />
  )
}
