import type { connectionRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const connectionExamples: Examples<typeof connectionRoutes> = {
  getProjectSettings: { path: (fx) => `/platform/projects/${fx.ref}/settings` },
  getDatabaseSize: { path: (fx) => `/platform/projects/${fx.ref}/database-size` },
  getDbPassword: { path: (fx) => `/platform/projects/${fx.ref}/db-password` },
  // Every caller allowed sets a new one: the project's role keeps working with the last.
  updateDbPassword: { path: (fx) => `/platform/projects/${fx.ref}/db-password`, body: () => ({ password: `matrix-${Math.random().toString(36).slice(2)}-Pw` }) },
}
