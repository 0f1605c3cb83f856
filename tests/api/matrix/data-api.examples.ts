import type { dataApiRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const dataApiExamples: Examples<typeof dataApiRoutes> = {
  getApiSettings: { path: (fx) => `/platform/projects/${fx.ref}/api-settings` },
  rotateJwtSecret: { path: (fx) => `/platform/projects/${fx.ref}/api-settings/rotate-jwt-secret` },
  updateApiSettings: { path: (fx) => `/platform/projects/${fx.ref}/api-settings`, body: () => ({ data_api: { max_rows: 500 } }) },
}
