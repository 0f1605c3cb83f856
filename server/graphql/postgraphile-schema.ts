/**
 * Builds a project's GraphQL schema with PostGraphile (Amber preset: queries and CRUD mutations
 * over tables, views and functions) by introspecting its database over a `pg` pool.
 */
import type { Pool } from 'pg'
import type { GraphQLSchema } from 'graphql'
import { loadGraphile } from './graphile-runtime'

/** The schemas whose tables, views and functions the endpoint exposes. */
export const EXPOSED_SCHEMAS = ['public']

export type BuiltSchema = {
  schema: GraphQLSchema
  resolvedPreset: GraphileConfig.ResolvedPreset
}

export async function buildProjectSchema(pool: Pool, timeoutMs: number): Promise<BuiltSchema> {
  const { makeSchema, PostGraphileAmberPreset, makePgService } = await loadGraphile()
  const { schema, resolvedPreset } = await makeSchema({
    extends: [PostGraphileAmberPreset],
    // No LISTEN client per project: the endpoint answers queries and mutations, not subscriptions.
    pgServices: [makePgService({ pool, schemas: EXPOSED_SCHEMAS, pubsub: false })],
    // Planning blocks the event loop: a query that takes longer to plan than this is refused.
    grafast: {
      explain: false,
      timeouts: { planning: 5_000, execution: timeoutMs },
    },
  })
  return { schema, resolvedPreset }
}
