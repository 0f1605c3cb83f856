/** Placeholder until the feature lands; mounted by the app. */
export function ThemeSandbox(): null {
  return null
}
