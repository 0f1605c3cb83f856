/**
 * A member's GraphQL request against a project's database, under the rules of the SQL endpoint
 * (server/privileges/project-database.ts): a restricted organization answers 402, a paused or not
 * yet ready project 409 (and its cached pools are closed), a database that does not answer 503.
 * Members whose role allows `sql:write` run as the project's own role; everyone else as its
 * read-only role, in a read-only transaction, with mutations refused. A schema that cannot be
 * built (an introspection error) is answered as a GraphQL error with the message: it is tried
 * again once the catalog changed or a few seconds passed (project-schemas.ts).
 */
import { roleCan, type GraphqlResponse } from '@/lib/api-types'
import { PlatformError } from '../kernel/errors'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { projectConnectionUrl } from '../connection/project-url'
import { recordActivity } from '../projects/activity'
import { servingLocation } from '../sql/serving-location'
import { isConnectionError } from './connection-errors'
import { executeOperation, formatError, MAX_RESPONSE_BYTES, type Operation } from './execute-operation'
import { forgetProject, projectPool, projectSchema } from './project-schemas'
import { loadGraphql } from './graphql-module'

export async function runGraphql(platform: Platform, project: ProjectAccess, operation: Operation): Promise<GraphqlResponse> {
  await ensureServing(platform, project)
  const readOnly = !roleCan(project.role, 'sql:write', {
    isPlatform: platform.config.isPlatform,
  })
  let answer: GraphqlResponse
  try {
    answer = await attempt(platform, project, operation, readOnly)
  } catch (error) {
    if (!isConnectionError(error)) throw error
    // A pool whose connections went away (restart, new password): start afresh, once.
    await forgetProject(platform, project.ref)
    try {
      answer = await attempt(platform, project, operation, readOnly)
    } catch (retried) {
      if (!isConnectionError(retried)) throw retried
      await forgetProject(platform, project.ref)
      throw new PlatformError(503, `The project's database does not answer: ${(retried as Error).message}`)
    }
  }
  await recordActivity(platform, project.ref)
  return answer
}

async function ensureServing(platform: Platform, project: ProjectAccess): Promise<void> {
  try {
    await servingLocation(platform, project)
  } catch (error) {
    // Not serving for a while (paused, restoring …): its cached pools and schema go.
    if (error instanceof PlatformError && error.status === 409) await forgetProject(platform, project.ref)
    throw error
  }
}

async function attempt(platform: Platform, project: ProjectAccess, operation: Operation, readOnly: boolean): Promise<GraphqlResponse> {
  // The schema is built as the project's own role (introspection reads the catalog only); a read-only member's operation runs on the read-only role.
  const ownerPool = projectPool(platform, project.ref, await projectConnectionUrl(platform, project, { readOnly: false }), 'owner')
  const runPool = readOnly ? projectPool(platform, project.ref, await projectConnectionUrl(platform, project, { readOnly: true }), 'readOnly') : ownerPool
  let built
  try {
    built = await projectSchema(platform, project.ref, ownerPool)
  } catch (error) {
    if (isConnectionError(error)) throw error
    const { GraphQLError } = await loadGraphql()
    return {
      errors: [formatError(new GraphQLError(`The GraphQL schema could not be built from the project's database: ${(error as Error).message}`))],
    }
  }
  return executeOperation(built, runPool, operation, {
    readOnly,
    maxResponseBytes: Math.min(platform.config.maxResultBytes, MAX_RESPONSE_BYTES),
  })
}

