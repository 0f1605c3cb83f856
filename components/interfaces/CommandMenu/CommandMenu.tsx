/** Placeholder until the feature lands; mounted by the app shell. */
export function CommandMenu(): null {
  return null
}
