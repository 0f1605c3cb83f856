import type { ReactElement } from 'react'
import { AppThemeProvider } from '@/components/layouts/AppThemeProvider'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

/**
 * The tree under test inside the app's theme provider, with `stored` as the theme the user picked
 * before (none: the system's, which is light here). Read the pick back with `storedTheme()`. No
 * module mock, so the file shares the loaded modules with the next one
 * (tests/shared-module-files.mjs); the setup clears storage and `<html>` after each file.
 */
export function withTheme(ui: ReactElement, stored?: string): ReactElement {
  if (stored) localStorage.setItem(LOCAL_STORAGE_KEYS.THEME, stored)
  else localStorage.removeItem(LOCAL_STORAGE_KEYS.THEME)
  return <AppThemeProvider>{ui}</AppThemeProvider>
}

/** The theme the provider stored, as a page would find it on the next load. */
export const storedTheme = () => localStorage.getItem(LOCAL_STORAGE_KEYS.THEME)
