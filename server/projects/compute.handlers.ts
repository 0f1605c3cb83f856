import type { computeRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { readCompute, requestResize } from './compute'

export const computeHandlers: Handlers<typeof computeRoutes> = {
  getProjectCompute: async ({ platform, access }) => readCompute(platform, access),
  resizeProject: async ({ platform, access, body, user }) => requestResize(platform, access, body.size, user),
}
