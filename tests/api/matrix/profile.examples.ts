import type { profileRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const profileExamples: Examples<typeof profileRoutes> = {
  getProfile: { path: () => '/platform/profile' },
  createProfile: { path: () => '/platform/profile' },
  getPermissions: { path: () => '/platform/profile/permissions' },
  checkPassword: { path: () => '/platform/profile/password-check', body: () => ({ password: 'correct horse battery staple' }) },
}
