import { Monitor, Moon, MoonStar, Sun } from 'lucide-react'
import { useTheme } from 'next-themes'
import { Listbox, type ListboxOption, type ListboxProps } from './Listbox'
import { useIsClient } from './useIsClient'

/** Theme names as next-themes stores them (also the `<html>` class names). SPEC §2: default is system. */
export const THEMES = ['light', 'dark', 'classic-dark'] as const
export type ThemeName = (typeof THEMES)[number] | 'system'

export const THEME_OPTIONS: (ListboxOption<ThemeName> & { value: ThemeName })[] = [
  { value: 'system', label: 'System', icon: <Monitor size={14} /> },
  { value: 'light', label: 'Light', icon: <Sun size={14} /> },
  { value: 'dark', label: 'Dark', icon: <Moon size={14} /> },
  { value: 'classic-dark', label: 'Classic dark', icon: <MoonStar size={14} /> },
]

function isThemeName(value: string | undefined): value is ThemeName {
  return THEME_OPTIONS.some((option) => option.value === value)
}

export interface ThemeSwitcherProps extends Pick<ListboxProps, 'size' | 'className' | 'containerClassName' | 'id'> {
  /** Visible label; without it the control is labelled "Theme" for assistive tech only. */
  label?: string
}

/**
 * Picks light, dark, classic dark or system. The stored theme is only known in the browser, so the
 * server and the first client render show a neutral "Theme" placeholder (the same markup on both,
 * no hydration mismatch) and the chosen theme appears once mounted.
 */
export function ThemeSwitcher({ label, ...rest }: ThemeSwitcherProps) {
  const { theme, setTheme } = useTheme()
  const mounted = useIsClient()
  const current: ThemeName = isThemeName(theme) ? theme : 'system'

  return (
    <Listbox<ThemeName>
      {...rest}
      label={label}
      aria-label={label ? undefined : 'Theme'}
      value={mounted ? current : undefined}
      placeholder="Theme"
      disabled={!mounted}
      onChange={setTheme}
      options={THEME_OPTIONS}
    />
  )
}
