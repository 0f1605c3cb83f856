// How the browser tests (playwright.config.ts) and the bench (bench/browser.mjs) launch Debian's
// Chromium: one list, so that both measure and test the same browser.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Headless Chromium is the whole browser without a screen: every new window (Playwright opens
  // one per browser context, i.e. per test) renders the address bar's suggestion popup as a web
  // page of its own. That cost about 1.5 s of a core per window, more than the first page of the
  // dashboard itself, and no test looks at an address bar. Chromium merges this list with the one
  // Playwright passes.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
]
