import type { integrationRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const integrationExamples: Examples<typeof integrationRoutes> = {}
