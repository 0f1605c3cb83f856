import type { integrationRoutes } from '@/lib/api-types'
import type { Examples } from './types'

/**
 * The matrix's platform has no GitHub app configured: connecting is refused with a 400 that says
 * how to configure it (after the roles policy has let the caller through), and disconnecting a
 * connection that does not exist is a 404. tests/api/integrations.test.ts connects for real.
 */
const connections = (slug: string) => `/platform/organizations/${slug}/integrations/github/connections`

export const integrationExamples: Examples<typeof integrationRoutes> = {
  getGithubAppSettings: { path: () => '/platform/integrations/github' },
  listGithubConnections: { path: (fx) => connections(fx.orgSlug) },
  createGithubConnection: {
    path: (fx) => connections(fx.orgSlug),
    body: () => ({ code: 'matrix-code', redirect_uri: 'http://localhost:3000/integrations/github/authorize' }),
    status: 400,
  },
  deleteGithubConnection: { path: (fx) => `${connections(fx.orgSlug)}/987654321`, status: 404 },
}
