import type { profileRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { createProfile, getPermissions, getProfile } from './profile'
import { checkPasswordStrength } from './password-strength'

export const profileHandlers: Handlers<typeof profileRoutes> = {
  getProfile: ({ platform, user }) => getProfile(platform, user),
  createProfile: ({ platform, user }) => createProfile(platform, user),
  getPermissions: ({ platform, user }) => getPermissions(platform, user),
  checkPassword: async ({ body }) => checkPasswordStrength(body.password),
}
