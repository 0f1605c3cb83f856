/**
 * A project's GraphQL endpoint, generated from its database schema: the request a GraphQL client
 * sends and the answer it gets. GraphQL errors (a bad field, a failing statement, a refused
 * mutation) are part of a 200 answer, as GraphQL servers answer them; only a request that is not
 * GraphQL at all is refused with a 4xx.
 */
import { z } from 'zod'
import { textField } from './zod-helpers'

/** The largest query text accepted: far above any hand-written query, far below a denial of service. */
export const MAX_GRAPHQL_QUERY_BYTES = 100_000

const utf8Length = (text: string) => new TextEncoder().encode(text).length

export const graphqlRequest = z.object({
  query: textField('query')
    .min(1, 'query is required')
    .refine((query) => utf8Length(query) <= MAX_GRAPHQL_QUERY_BYTES, `query must be at most ${MAX_GRAPHQL_QUERY_BYTES / 1000} KB`)
    .refine((query) => !query.includes('\u0000'), 'query must not contain the NUL character'),
  variables: z
    .record(z.string(), z.unknown(), {
      error: 'variables must be an object of variable names to values',
    })
    .nullish()
    .transform((variables) => variables ?? {}),
  operationName: z
    .string({ error: 'operationName must be text' })
    .max(1_000, 'operationName is too long')
    .nullish()
    .transform((name) => name ?? null),
})
export type GraphqlRequest = z.input<typeof graphqlRequest>

export const graphqlError = z
  .object({
    message: z.string(),
    locations: z.array(z.object({ line: z.number(), column: z.number() })).optional(),
    path: z.array(z.union([z.string(), z.number()])).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .loose()
export type GraphqlError = z.infer<typeof graphqlError>

/** The GraphQL response: `data` (null when the operation could not run) and the errors, if any. */
export const graphqlResponse = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(graphqlError).optional(),
})
export type GraphqlResponse = z.infer<typeof graphqlResponse>
