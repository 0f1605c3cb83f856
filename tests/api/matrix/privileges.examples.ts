import type { privilegeRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const privilegeExamples: Examples<typeof privilegeRoutes> = {}
