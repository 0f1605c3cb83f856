/**
 * Edge Functions and their secrets, at the paths of Supabase's Management API (below the API
 * base: `/api/v1/projects/{ref}/functions…`), so its CLI and tooling deploy here with a personal
 * access token. Every member lists functions, reads their code and the secrets' names and digests
 * (`functions:read`); deploying, changing, deleting and setting secrets need `functions:write`.
 */
import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { createSecretsBody, deleteSecretsBody, deployFunctionQuery, edgeFunction, edgeFunctionListItem, functionBody, functionParams, projectSecret, updateFunctionBody } from './functions'

/** A deploy's files: the plan's largest script (20 MB) and the multipart's own parts. */
export const DEPLOY_MAX_BYTES = 21 * 1024 * 1024

export const functionRoutes = {
  listFunctions: route({ method: 'GET', path: '/v1/projects/:ref/functions', params: projectParams, answer: z.array(edgeFunctionListItem), action: 'functions:read', scope: byProjectRef }),
  deployFunction: route({
    method: 'POST',
    path: '/v1/projects/:ref/functions/deploy',
    params: projectParams,
    query: deployFunctionQuery,
    answer: edgeFunction,
    status: 201,
    action: 'functions:write',
    scope: byProjectRef,
    multipart: true,
    maxBodyBytes: DEPLOY_MAX_BYTES,
  }),
  getFunction: route({ method: 'GET', path: '/v1/projects/:ref/functions/:slug', params: functionParams, answer: edgeFunction, action: 'functions:read', scope: byProjectRef }),
  getFunctionBody: route({ method: 'GET', path: '/v1/projects/:ref/functions/:slug/body', params: functionParams, answer: functionBody, action: 'functions:read', scope: byProjectRef }),
  updateFunction: route({ method: 'PATCH', path: '/v1/projects/:ref/functions/:slug', params: functionParams, body: updateFunctionBody, answer: edgeFunction, action: 'functions:write', scope: byProjectRef }),
  deleteFunction: route({ method: 'DELETE', path: '/v1/projects/:ref/functions/:slug', params: functionParams, answer: z.undefined(), status: 204, action: 'functions:write', scope: byProjectRef }),
  listSecrets: route({ method: 'GET', path: '/v1/projects/:ref/secrets', params: projectParams, answer: z.array(projectSecret), action: 'functions:read', scope: byProjectRef }),
  createSecrets: route({ method: 'POST', path: '/v1/projects/:ref/secrets', params: projectParams, body: createSecretsBody, answer: z.array(projectSecret), status: 201, action: 'functions:write', scope: byProjectRef }),
  deleteSecrets: route({ method: 'DELETE', path: '/v1/projects/:ref/secrets', params: projectParams, body: deleteSecretsBody, answer: z.undefined(), status: 204, action: 'functions:write', scope: byProjectRef }),
}
