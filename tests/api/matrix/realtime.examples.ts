import type { realtimeRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const realtimeExamples: Examples<typeof realtimeRoutes> = {
  getRealtimeSettings: { path: (fx) => `/platform/realtime/${fx.ref}/settings` },
  createRealtimeInspectorToken: {
    path: (fx) => `/platform/realtime/${fx.ref}/inspector-token`,
    body: () => ({ role: 'anon' }),
  },
}
