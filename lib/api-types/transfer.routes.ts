import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { transferAnswer, transferPreview, transferTarget } from './transfer'

/**
 * Transfer a project to another organization. The route checks `projects:transfer` in the
 * project's organization; the handler checks it in the target (the caller must be allowed in
 * both). A preview branch moves only with its parent.
 */
export const transferRoutes = {
  previewProjectTransfer: route({
    method: 'GET',
    path: '/platform/projects/:ref/transfer/preview',
    params: projectParams,
    query: transferTarget,
    answer: transferPreview,
    action: 'projects:transfer',
    scope: byProjectRef,
  }),
  transferProject: route({
    method: 'POST',
    path: '/platform/projects/:ref/transfer',
    params: projectParams,
    body: transferTarget,
    answer: transferAnswer,
    action: 'projects:transfer',
    scope: byProjectRef,
  }),
}
