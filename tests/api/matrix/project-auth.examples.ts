import type { projectAuthRoutes } from '@/lib/api-types'
import { unique, type Examples } from './types'

const NOBODY = '00000000-0000-4000-8000-000000000000'

export const projectAuthExamples: Examples<typeof projectAuthRoutes> = {
  getProjectAuthConfig: { path: (fx) => `/platform/auth/${fx.ref}/config` },
  updateProjectAuthConfig: { path: (fx) => `/platform/auth/${fx.ref}/config`, body: () => ({ jwt_exp: 3600 }) },
  listProjectUsers: { path: (fx) => `/platform/auth/${fx.ref}/users?per_page=5` },
  createProjectUser: { path: (fx) => `/platform/auth/${fx.ref}/users`, body: () => ({ email: `user-${unique()}@example.com`, password: 'a long password' }) },
  updateProjectUser: { path: (fx) => `/platform/auth/${fx.ref}/users/${NOBODY}`, body: () => ({ ban_duration: '24h' }), status: 404 },
  deleteProjectUser: { path: (fx) => `/platform/auth/${fx.ref}/users/${NOBODY}`, status: 404 },
  inviteProjectUser: { path: (fx) => `/platform/auth/${fx.ref}/invite`, body: () => ({ email: `invited-${unique()}@example.com` }) },
  sendProjectUserRecovery: { path: (fx) => `/platform/auth/${fx.ref}/recover`, body: () => ({ email: `nobody-${unique()}@example.com` }), status: 404 },
}
