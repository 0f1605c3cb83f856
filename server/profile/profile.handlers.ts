import type { profileRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'
import { createProfile, getPermissions, getProfile } from './profile'
import { checkPasswordStrength } from './password-strength'
import { hit } from '../security/rate-limit'

export const profileHandlers: Handlers<typeof profileRoutes> = {
  getProfile: ({ platform, user }) => getProfile(platform, user),
  createProfile: ({ platform, user }) => createProfile(platform, user),
  getPermissions: ({ platform, user }) => getPermissions(platform, user),
  checkPassword: async ({ platform, body, ip }) => {
    // Scoring costs a few milliseconds; an open endpoint still gets a ceiling.
    await hit(platform, 'password-check:ip', ip, platform.config.rateLimits.verifyPerIp)
    return checkPasswordStrength(body.password)
  },
}
