import { useTheme } from 'next-themes'
import { Toaster } from 'sonner'

export const TOAST_DURATION_MS = 4000

/** Toasts top-right for 4 s (SPEC §2, §9), in the dashboard's light or dark look. */
export function ThemedToaster() {
  const { resolvedTheme } = useTheme()
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} theme={resolvedTheme === 'light' ? 'light' : 'dark'} richColors closeButton />
}
