import type { ReactNode } from 'react'
import { ThemeProvider } from 'next-themes'
import { THEMES } from '@/components/ui'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

/**
 * The app's themes as every page has them (pages/_app.tsx): a class on `<html>`, the system's
 * until the user picks one, the pick kept in localStorage. Component tests render the same
 * provider, so they see what a page sees.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" themes={[...THEMES]} defaultTheme="system" enableSystem storageKey={LOCAL_STORAGE_KEYS.THEME} disableTransitionOnChange>
      {children}
    </ThemeProvider>
  )
}
