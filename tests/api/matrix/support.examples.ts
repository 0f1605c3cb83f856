import type { supportRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const supportExamples: Examples<typeof supportRoutes> = {
  createSupportRequest: { path: () => '/platform/support/requests', body: () => ({ category: 'other', subject: 'Matrix', message: 'A request from the route matrix.' }) },
}
