// Generated from ../content.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { contentRoutes as declaredContentRoutes } from '../content.routes'
import { browserRoutes } from './browser-route'

export const contentRoutes = browserRoutes<typeof declaredContentRoutes>({
  listContentFolders: ['GET', '/platform/projects/:ref/content/folders', 'user'],
  createContentFolder: ['POST', '/platform/projects/:ref/content/folders', 'user'],
  updateContentFolder: ['PATCH', '/platform/projects/:ref/content/folders', 'user'],
  deleteContentFolders: ['DELETE', '/platform/projects/:ref/content/folders', 'user'],
  recordLastVisitedContent: ['PUT', '/platform/projects/:ref/content/last-visited', 'user'],
  listContent: ['GET', '/platform/projects/:ref/content', 'user'],
  upsertContent: ['PUT', '/platform/projects/:ref/content', 'user'],
  deleteContent: ['DELETE', '/platform/projects/:ref/content', 'user'],
  getContent: ['GET', '/platform/projects/:ref/content/:id', 'user'],
  setContentFavorite: ['PUT', '/platform/projects/:ref/content/:id/favorite', 'user'],
  listQueryHistory: ['GET', '/platform/projects/:ref/query-history', 'user'],
})
