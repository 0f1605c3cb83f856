import type { extensionRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const extensionExamples: Examples<typeof extensionRoutes> = {}
