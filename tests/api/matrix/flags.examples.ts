import type { flagRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const flagExamples: Examples<typeof flagRoutes> = {}
