import type { graphqlRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { runGraphql } from './run-graphql'

export const graphqlHandlers: Handlers<typeof graphqlRoutes> = {
  runGraphql: ({ platform, access, body }) => runGraphql(platform, access, body),
}
