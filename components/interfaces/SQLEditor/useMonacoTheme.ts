import { useTheme } from 'next-themes'
import { useCallback, useEffect, useRef } from 'react'
import type * as Monaco from 'monaco-editor'
import { monacoThemeName } from '@/lib/sql-editor/monaco-theme'
import { defineAppMonacoThemes } from './theme-tokens'

type MonacoApi = Pick<typeof Monaco, 'editor'>

/**
 * Monaco in the app's theme: pass `beforeMount` and `theme` to the editor. The themes are defined
 * from the stylesheet's tokens before the editor exists, and defined again whenever the app theme
 * changes (so a changed stylesheet is picked up too); the editor wrapper then switches to `theme`.
 */
export function useMonacoTheme() {
  const { resolvedTheme } = useTheme()
  const monacoRef = useRef<MonacoApi | null>(null)

  const beforeMount = useCallback((monaco: MonacoApi) => {
    monacoRef.current = monaco
    defineAppMonacoThemes(monaco)
  }, [])

  useEffect(() => {
    if (monacoRef.current) defineAppMonacoThemes(monacoRef.current)
  }, [resolvedTheme])

  return { theme: monacoThemeName(resolvedTheme), beforeMount }
}
