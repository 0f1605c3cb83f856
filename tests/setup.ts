import { setAccessTokenProvider } from '@/lib/auth/session-token'

// The dashboard's fetch stack waits until it is told where the session comes from (the auth
// provider says so in the app); tests run without a session unless they set one.
setAccessTokenProvider(undefined)

// Testing Library and its matchers only where there is a page: a file of server or pure code
// (most of them) does not pay for loading them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest')
  const { configure } = await import('@testing-library/dom')
  // `waitFor` and `findBy…` wait up to 10 s for the screen to show what a test expects (1 s by
  // default). The suites share two cores with the browser tests, and a screen that needs two mocked
  // answers can take longer than a second under that load; a wait ends as soon as the screen is right.
  configure({ asyncUtilTimeout: 10_000 })
}
