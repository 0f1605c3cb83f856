import type { connectionRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const connectionExamples: Examples<typeof connectionRoutes> = {}
