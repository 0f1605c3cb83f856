/**
 * Account → Access tokens: the signed-in user's own tokens (the platform's mode: self-hosted, the
 * one local user needs none). Made and revoked with a dashboard
 * session only (a token cannot make more tokens: these are not `/v1/` routes, see
 * server/http/authenticate.ts).
 */
import { z } from 'zod'
import { route } from './route'
import { accessToken, accessTokenParams, createAccessTokenBody, createdAccessToken } from './access-tokens'

export const accessTokenRoutes = {
  listAccessTokens: route({ method: 'GET', path: '/platform/profile/access-tokens', answer: z.array(accessToken), platformOnly: true }),
  createAccessToken: route({ method: 'POST', path: '/platform/profile/access-tokens', body: createAccessTokenBody, answer: createdAccessToken, status: 201, platformOnly: true }),
  deleteAccessToken: route({ method: 'DELETE', path: '/platform/profile/access-tokens/:id', params: accessTokenParams, answer: z.undefined(), status: 204, platformOnly: true }),
}
