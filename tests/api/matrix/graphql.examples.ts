import type { graphqlRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const graphqlExamples: Examples<typeof graphqlRoutes> = {}
