import type { transferRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { previewTransfer, transferProject } from './transfer'

/** The route has checked `projects:transfer` in the project's organization; these check it in the target. */
export const transferHandlers: Handlers<typeof transferRoutes> = {
  previewProjectTransfer: ({ platform, user, access, query }) => previewTransfer(platform, user, access, query.target_organization_slug),
  transferProject: ({ platform, user, access, body }) => transferProject(platform, user, access, body.target_organization_slug),
}
