import type { docsSearchRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const docsSearchExamples: Examples<typeof docsSearchRoutes> = {}
