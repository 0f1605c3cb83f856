import { setAccessTokenProvider } from '@/lib/auth/session-token'

// The dashboard's fetch stack waits until it is told where the session comes from (the auth
// provider says so in the app); tests run without a session unless they set one.
setAccessTokenProvider(undefined)

// Testing Library and its matchers only where there is a page: a file of server or pure code
// (most of them) does not pay for loading them.
if (typeof document !== 'undefined') {
  // Where the page's fetch stack finds the platform API (lib/client-config.ts reads it once, when
  // first loaded): the same for every page file, since files in `page-shared` load it only once.
  process.env.NEXT_PUBLIC_API_URL = 'http://localhost:3000/api'
  await import('@testing-library/jest-dom/vitest')
  const { configure } = await import('@testing-library/dom')
  // `waitFor` and `findBy…` wait up to 10 s for the screen to show what a test expects (1 s by
  // default). The suites share two cores with the browser tests, and a screen that needs two mocked
  // answers can take longer than a second under that load; a wait ends as soon as the screen is right.
  configure({ asyncUtilTimeout: 10_000 })

  // Files that share loaded modules share the page too (vitest.config.mts, `page-shared`): what a
  // file rendered and stored is cleared after each of its tests and after the file, as a page of
  // its own would start. Testing Library unmounts by itself only for the first file that loads it.
  const { cleanup } = await import('@testing-library/react')
  const { resetClientStores } = await import('@/state/reset')
  afterEach(() => cleanup())
  afterAll(() => {
    cleanup()
    vi.useRealTimers()
    resetClientStores()
    window.localStorage.clear()
    window.sessionStorage.clear()
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0].trim()
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    }
    for (const element of [document.documentElement, document.body])
      for (const name of element.getAttributeNames()) element.removeAttribute(name)
    document.body.innerHTML = ''
  })
}
