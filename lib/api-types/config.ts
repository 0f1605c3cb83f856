import { z } from 'zod'

/** GET /api/config: how this server runs, read at run time so one build serves either mode. */
export const runtimeConfig = z.object({
  isPlatform: z.boolean(),
  productName: z.string(),
  /** Where the browser finds the GoTrue-compatible auth service. */
  authUrl: z.string(),
  /** API_MOCKING=true: the browser answers some platform calls from MSW mocks (browser tests). */
  apiMocking: z.boolean(),
  /** The key the flag client downloads the feature flag configuration with (`/flags/{key}/config.json`); absent: flags keep their defaults. */
  featureFlagsSdkKey: z.string().optional(),
  /** Primary-email domains shown the Fly Postgres deprecation notice (FLY_NOTICE_EMAIL_DOMAINS). */
  flyNoticeEmailDomains: z.array(z.string()).optional(),
  /** Captcha on sign-up: the widget's site key and script (absent or null: no captcha). */
  captcha: z.object({ siteKey: z.string(), scriptUrl: z.string() }).nullish(),
  /** The docs search backend (DOCS_SEARCH_URL); absent from older servers: `{api}/docs` then. */
  docsSearchUrl: z.string().optional(),
})
export type RuntimeConfig = z.infer<typeof runtimeConfig>

export const utcTime = z.object({ utcTime: z.string() })
