/**
 * Runs one GraphQL request against a built schema: parse (bounded), validate (graphql's rules
 * plus the limits of query-limits.ts), refuse what this endpoint does not run, then let Grafast
 * plan and execute it with the given pool. Nothing of the request becomes SQL text: PostGraphile
 * plans every statement from the schema, with values as parameters.
 */
import type { Pool } from 'pg'
import type { DocumentNode, ExecutionResult, GraphQLError } from 'graphql'
import type { GraphqlError, GraphqlResponse } from '@/lib/api-types'
import type { BuiltSchema } from './postgraphile-schema'
import { queryLimitsRule, withDefaultPageSize } from './query-limits'
import { loadGraphql } from './graphql-module'
import { loadGraphile } from './graphile-runtime'

/** Tokens a document may have: far above a 100 KB hand-written query's needs, bounded for the parser. */
const MAX_TOKENS = 50_000

export const READ_ONLY_MUTATION_MESSAGE = "Mutations are not allowed for your role: a Read-only member may query the project's data but not change it."

export type Operation = {
  query: string
  variables: Record<string, unknown>
  operationName: string | null
}

/** An error as the GraphQL response carries it (message, locations, path, extensions). */
export function formatError(error: GraphQLError): GraphqlError {
  const { message, locations, path, extensions } = error.toJSON()
  return {
    message,
    ...(locations && {
      locations: locations.map(({ line, column }) => ({ line, column })),
    }),
    ...(path && { path: [...path] }),
    ...(extensions && { extensions: { ...extensions } }),
  }
}

const failed = (...errors: readonly GraphQLError[]): GraphqlResponse => ({
  errors: errors.map(formatError),
})

/** What an answer may weigh as JSON at most, whatever the platform's SQL results may (MAX_RESULT_BYTES). */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024

export const responseTooLargeMessage = (bytes: number, maxBytes: number) =>
  `The answer would be ${Math.ceil(bytes / 1024)} KB; at most ${Math.floor(maxBytes / 1024)} KB are sent: ask for fewer rows (\`first\`) or fewer fields.`

export type ExecuteOptions = {
  readOnly: boolean
  maxResponseBytes: number
}

export async function executeOperation(built: BuiltSchema, pool: Pool, operation: Operation, { readOnly, maxResponseBytes }: ExecuteOptions): Promise<GraphqlResponse> {
  const { schema, resolvedPreset } = built
  const graphql = await loadGraphql()
  const { GraphQLError, getOperationAST, parse, specifiedRules, validate } = graphql
  let document: DocumentNode
  try {
    document = parse(operation.query, { maxTokens: MAX_TOKENS })
  } catch (error) {
    return failed(error instanceof GraphQLError ? error : new GraphQLError(String(error)))
  }
  // A list given no page size reads DEFAULT_PAGE_SIZE rows rather than the whole table.
  document = withDefaultPageSize(graphql, schema, document)
  const invalid = validate(schema, document, [...specifiedRules, queryLimitsRule(graphql, operation.variables)])
  if (invalid.length > 0) return failed(...invalid)

  const chosen = getOperationAST(document, operation.operationName)
  if (!chosen)
    return failed(
      new GraphQLError(
        operation.operationName
          ? `No operation named "${operation.operationName}" in the query.`
          : 'The query has several operations: name the one to run (operationName).'
      )
    )
  if (chosen.operation === 'subscription')
    return failed(
      new GraphQLError('Subscriptions are not supported by this endpoint.', {
        nodes: chosen,
      })
    )
  if (chosen.operation === 'mutation' && readOnly) return failed(new GraphQLError(READ_ONLY_MUTATION_MESSAGE, { nodes: chosen }))

  const { execute, hookArgs, makePgAdaptorWithPgClient } = await loadGraphile()
  const args = await hookArgs({
    schema,
    document,
    variableValues: operation.variables,
    operationName: operation.operationName ?? undefined,
    resolvedPreset,
    requestContext: {},
  })
  const context = args.contextValue as Grafast.Context
  context.withPgClient = makePgAdaptorWithPgClient(pool)
  // A read-only transaction on top of the read-only role: a function that writes, called from a
  // query, is refused by Postgres itself.
  context.pgSettings = readOnly ? { transaction_read_only: 'on' } : null
  const result = await execute(args)
  if (Symbol.asyncIterator in result) {
    await result.return?.()
    return failed(new GraphQLError('@defer and @stream are not supported by this endpoint.'))
  }
  const response = toResponse(result)
  // The row limits bound most answers; wide text or JSON columns can still weigh a lot per row.
  const bytes = Buffer.byteLength(JSON.stringify(response))
  if (bytes > maxResponseBytes) return failed(new GraphQLError(responseTooLargeMessage(bytes, maxResponseBytes)))
  return response
}

function toResponse(result: ExecutionResult): GraphqlResponse {
  const response: GraphqlResponse = {
    data: (result.data ?? null) as GraphqlResponse['data'],
  }
  if (result.errors?.length) response.errors = result.errors.map(formatError)
  return response
}
