// Generated from ../ai.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { aiRoutes as declaredAiRoutes } from '../ai.routes'
import { browserRoutes } from './browser-route'

export const aiRoutes = browserRoutes<typeof declaredAiRoutes>({
  getAiStatus: ['GET', '/platform/ai/status', 'user'],
  aiSql: ['POST', '/platform/projects/:ref/ai/sql', 'user'],
})
