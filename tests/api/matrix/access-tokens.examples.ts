import type { accessTokenRoutes } from '@/lib/api-types'
import { unique, type Examples } from './types'

export const accessTokenExamples: Examples<typeof accessTokenRoutes> = {
  listAccessTokens: { path: () => '/platform/profile/access-tokens' },
  createAccessToken: { path: () => '/platform/profile/access-tokens', body: () => ({ name: `matrix ${unique()}`, expires_in_days: 7 }) },
  deleteAccessToken: { path: () => '/platform/profile/access-tokens/00000000-0000-4000-8000-000000000000', status: 404 },
}
