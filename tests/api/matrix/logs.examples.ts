import type { logRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const logExamples: Examples<typeof logRoutes> = {}
