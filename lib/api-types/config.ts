/** GET /api/config: how this server runs, read at run time so one build serves either mode. */
export type RuntimeConfig = {
  isPlatform: boolean
  productName: string
  /** Where the browser finds the GoTrue-compatible auth service. */
  authUrl: string
  /** API_MOCKING=true: the browser answers some platform calls from MSW mocks (browser tests). */
  apiMocking: boolean
}
