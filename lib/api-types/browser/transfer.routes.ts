// Generated from ../transfer.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { transferRoutes as declaredTransferRoutes } from '../transfer.routes'
import { browserRoutes } from './browser-route'

export const transferRoutes = browserRoutes<typeof declaredTransferRoutes>({
  previewProjectTransfer: ['GET', '/platform/projects/:ref/transfer/preview', 'user'],
  transferProject: ['POST', '/platform/projects/:ref/transfer', 'user'],
})
