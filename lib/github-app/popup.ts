/**
 * The pop-up window GitHub's pages open in (SPEC §2: 600 × 800), centred on the dashboard's
 * window, and the addresses it goes to and comes back to.
 */
export const POPUP_WIDTH = 600
export const POPUP_HEIGHT = 800

/** The page GitHub sends the pop-up back to (the app's callback URL on GitHub must be this one). */
export const CALLBACK_PATH = '/integrations/github/authorize'
export const callbackUrl = (origin: string) => `${origin}${CALLBACK_PATH}`

type WindowBox = { screenX: number; screenY: number; outerWidth: number; outerHeight: number }

export function popupFeatures(parent: WindowBox): string {
  const left = Math.max(0, Math.round(parent.screenX + (parent.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(parent.screenY + (parent.outerHeight - POPUP_HEIGHT) / 2))
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`
}

/** GitHub's page with the state (and, for authorizing, where to come back) added. */
export function withState(pageUrl: string, state: string, redirectUri?: string): string {
  const url = new URL(pageUrl)
  url.searchParams.set('state', state)
  if (redirectUri) url.searchParams.set('redirect_uri', redirectUri)
  return url.toString()
}

/** Opens the pop-up; null when the browser blocked it. */
export function openPopup(url: string, win: Window = window): Window | null {
  return win.open(url, 'github-app', popupFeatures(win))
}
