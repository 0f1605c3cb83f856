import type { aiRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const aiExamples: Examples<typeof aiRoutes> = {
  getAiStatus: { path: () => '/platform/ai/status' },
  // The matrix's platform has no model configured: members get the 503 that says how to enable it.
  aiSql: {
    path: (fx) => `/platform/projects/${fx.ref}/ai/sql`,
    body: () => ({ messages: [{ role: 'user', content: 'How many rows are in each table?' }] }),
    status: 503,
  },
}
