/**
 * The part of hCaptcha's browser API the sign-up form uses (explicit rendering): render a widget
 * in an element, reset it, remove it. A provider speaking the same API can stand in for it.
 */
export type CaptchaWidgetOptions = {
  sitekey: string
  theme?: 'light' | 'dark'
  size?: 'normal' | 'compact'
  callback: (token: string) => void
  'expired-callback': () => void
  'chalexpired-callback'?: () => void
  'error-callback': (error?: string) => void
}

export type CaptchaApi = {
  render(container: HTMLElement, options: CaptchaWidgetOptions): string
  reset(widgetId?: string): void
  remove(widgetId?: string): void
}

declare global {
  interface Window {
    hcaptcha?: CaptchaApi
  }
}

/** The script URL with explicit rendering asked for (the form renders the widget itself). */
export function captchaScriptSrc(scriptUrl: string): string {
  const url = new URL(scriptUrl, typeof window === 'undefined' ? 'http://localhost' : window.location.href)
  if (!url.searchParams.has('render')) url.searchParams.set('render', 'explicit')
  if (!url.searchParams.has('recaptchacompat')) url.searchParams.set('recaptchacompat', 'off')
  return url.toString()
}

export const captchaApi = (win: Window = window): CaptchaApi | undefined => win.hcaptcha
