import { z } from 'zod'
import { route } from './route'
import { passwordCheckBody, passwordCheckResult, profile } from './profile'
import { permission } from './permission'

export const profileRoutes = {
  getProfile: route({ method: 'GET', path: '/platform/profile', answer: profile }),
  createProfile: route({ method: 'POST', path: '/platform/profile', answer: profile, status: 201 }),
  getPermissions: route({ method: 'GET', path: '/platform/profile/permissions', answer: z.array(permission) }),
  /** Anyone may ask: the sign-up form checks a password before there is an account. Scoring costs a few milliseconds: an open endpoint still gets a ceiling. */
  checkPassword: route({
    method: 'POST',
    path: '/platform/profile/password-check',
    auth: 'public',
    body: passwordCheckBody,
    answer: passwordCheckResult,
    rateLimit: [{ bucket: 'password-check:ip', rule: 'verifyPerIp', key: 'ip' }],
  }),
}
