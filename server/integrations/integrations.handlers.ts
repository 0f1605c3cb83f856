import type { integrationRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { connectGithub, disconnectGithub, listConnections } from './connections'
import { githubAppUrls } from './github-app'

export const integrationHandlers: Handlers<typeof integrationRoutes> = {
  getGithubAppSettings: async ({ platform }) => {
    const app = platform.config.githubApp
    if (!app) return { configured: false, authorize_url: null, install_url: null }
    const urls = githubAppUrls(app)
    return { configured: true, authorize_url: urls.authorize, install_url: urls.install }
  },
  listGithubConnections: ({ platform, access }) => listConnections(platform.db, access.id),
  createGithubConnection: ({ platform, access, user, body }) => connectGithub(platform, access, user, body),
  deleteGithubConnection: async ({ platform, access, params }) => {
    await disconnectGithub(platform.db, access, params.id)
    return { id: params.id, deleted: true as const }
  },
}
