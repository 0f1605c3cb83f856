import { z } from 'zod'

/** GET /api/config: how this server runs, read at run time so one build serves either mode. */
export const runtimeConfig = z.object({
  isPlatform: z.boolean(),
  productName: z.string(),
  /** Where the browser finds the GoTrue-compatible auth service. */
  authUrl: z.string(),
  /** API_MOCKING=true: the browser answers some platform calls from MSW mocks (browser tests). */
  apiMocking: z.boolean(),
})
export type RuntimeConfig = z.infer<typeof runtimeConfig>

export const utcTime = z.object({ utcTime: z.string() })
