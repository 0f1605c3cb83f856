import { useTheme } from 'next-themes'
import { Select, type SelectProps } from './Select'
import { useIsClient } from './useIsClient'

/** Theme names as next-themes stores them (also the `<html>` class names). SPEC §2: default is system. */
export const THEMES = ['light', 'dark', 'classic-dark'] as const
export type ThemeName = (typeof THEMES)[number] | 'system'

export const THEME_OPTIONS: { value: ThemeName; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'classic-dark', label: 'Classic dark' },
]

export interface ThemeSwitcherProps extends Pick<SelectProps, 'size' | 'className' | 'containerClassName' | 'id'> {
  /** Visible label; without it the select is labelled "Theme" for assistive tech only. */
  label?: string
}

export function ThemeSwitcher({ label, ...rest }: ThemeSwitcherProps) {
  const { theme, setTheme } = useTheme()
  // The stored theme is only known on the client; render "system" until mounted to match SSR.
  const mounted = useIsClient()

  return (
    <Select
      {...rest}
      label={label}
      aria-label={label ? undefined : 'Theme'}
      value={mounted ? (theme ?? 'system') : 'system'}
      onChange={(event) => setTheme(event.target.value)}
      options={THEME_OPTIONS}
    />
  )
}
