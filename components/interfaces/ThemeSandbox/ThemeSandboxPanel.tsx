import { useEffect, useState } from 'react'
import { useTheme } from 'next-themes'
import { X } from 'lucide-react'
import { Button } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { cssBlock, isPlainCssValue, THEME_VARIABLES, toPickerColor, type ThemeValues, type ThemeVariable } from './theme-sandbox.utils'

/** The theme's values as the page uses them now (its class's tokens, plus any edit). */
function readValues(): ThemeValues {
  const style = getComputedStyle(document.documentElement)
  return Object.fromEntries(THEME_VARIABLES.map((name) => [name, style.getPropertyValue(name).trim()])) as ThemeValues
}

/** Edits go on <html> as inline custom properties: they win over the theme's class until reset. */
function clearEdits() {
  for (const name of THEME_VARIABLES) document.documentElement.style.removeProperty(name)
}

/**
 * The sandbox's panel: every colour token of the current theme, edited live (picker or any CSS
 * colour), and the result to copy as the theme's CSS block. Closing it, or switching theme, drops
 * the edits.
 */
export function ThemeSandboxPanel({ kept, onKeepOpen, onClose }: { kept: boolean; onKeepOpen: (keep: boolean) => void; onClose: () => void }) {
  const { resolvedTheme } = useTheme()
  const theme = resolvedTheme ?? 'light'
  const [values, setValues] = useState<ThemeValues | null>(null)

  useEffect(() => {
    clearEdits()
    // The page's stylesheet decides the starting values: they are only known once rendered.
    const frame = requestAnimationFrame(() => setValues(readValues()))
    return () => {
      cancelAnimationFrame(frame)
      clearEdits()
    }
  }, [theme])

  function edit(name: ThemeVariable, value: string) {
    setValues((current) => (current ? { ...current, [name]: value } : current))
    if (isPlainCssValue(value)) document.documentElement.style.setProperty(name, value.trim())
  }

  return (
    <section aria-label="Theme sandbox" className="fixed bottom-4 left-4 z-50 flex max-h-[70vh] w-80 flex-col rounded-lg border border-border bg-surface text-sm shadow-lg">
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
        <div>
          <h2 className="font-medium text-foreground">Theme sandbox</h2>
          <p className="text-xs text-foreground-light">Editing the {theme} theme</p>
        </div>
        <Button type="text" size="tiny" aria-label="Close the theme sandbox" icon={<X size={14} aria-hidden />} onClick={onClose} />
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-3">
        {values &&
          THEME_VARIABLES.map((name) => {
            const picker = toPickerColor(values[name])
            return (
              <div key={name} className="mb-2 flex items-center gap-2">
                <input
                  type="color"
                  aria-label={`${name} colour`}
                  value={picker ?? '#000000'}
                  disabled={picker === null}
                  onChange={(e) => edit(name, e.target.value)}
                  className="h-6 w-8 shrink-0 cursor-pointer rounded border border-border bg-transparent disabled:cursor-not-allowed"
                />
                <label className="flex min-w-0 flex-1 items-center justify-between gap-2">
                  <code className="truncate text-xs text-foreground-light">{name}</code>
                  <input
                    aria-label={name}
                    value={values[name]}
                    onChange={(e) => edit(name, e.target.value)}
                    aria-invalid={!isPlainCssValue(values[name])}
                    className="w-28 rounded border border-border bg-background px-1.5 py-0.5 font-mono text-xs text-foreground aria-invalid:border-destructive"
                  />
                </label>
              </div>
            )
          })}
      </div>
      <footer className="flex items-center justify-between gap-2 border-t border-border px-4 py-2">
        <label className="flex items-center gap-2 text-xs text-foreground-light">
          <input type="checkbox" checked={kept} onChange={(e) => onKeepOpen(e.target.checked)} />
          Keep open
        </label>
        <div className="flex gap-2">
          <Button
            size="tiny"
            onClick={() => {
              clearEdits()
              setValues(readValues())
            }}
          >
            Reset
          </Button>
          <CopyButton size="tiny" label="Copy the theme's CSS" text={values ? cssBlock(theme, values) : ''} disabled={!values}>
            Copy CSS
          </CopyButton>
        </div>
      </footer>
    </section>
  )
}
