/** Placeholder until the feature lands; mounted by the app shell. */
export function ConsentToast(): null {
  return null
}
