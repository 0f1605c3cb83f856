import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import * as c from './content'

/**
 * The SQL editor's content of a project: every member whose role may run SQL (`sql:run`) keeps
 * their own snippets, folders and history here. Changing a snippet shared with the project needs
 * `sql:write` as well, and deleting one its owner or an Owner or Admin: the handlers check those
 * per snippet. `…/content/folders` and `…/content/last-visited` come before `…/content/:id`, which
 * would otherwise take them for ids.
 */
const content = '/platform/projects/:ref/content'

export const contentRoutes = {
  listContentFolders: route({
    method: 'GET',
    path: `${content}/folders`,
    params: projectParams,
    answer: c.contentFolderList,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  createContentFolder: route({
    method: 'POST',
    path: `${content}/folders`,
    params: projectParams,
    body: c.createFolderBody,
    answer: c.contentFolder,
    status: 201,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  updateContentFolder: route({
    method: 'PATCH',
    path: `${content}/folders`,
    params: projectParams,
    body: c.updateFolderBody,
    answer: c.contentFolder,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  deleteContentFolders: route({
    method: 'DELETE',
    path: `${content}/folders`,
    params: projectParams,
    query: c.contentIdsQuery,
    answer: c.contentDeleted,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  recordLastVisitedContent: route({
    method: 'PUT',
    path: `${content}/last-visited`,
    params: projectParams,
    body: c.lastVisitedBody,
    answer: c.lastVisited,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  listContent: route({
    method: 'GET',
    path: content,
    params: projectParams,
    query: c.contentListQuery,
    answer: c.contentList,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  upsertContent: route({
    method: 'PUT',
    path: content,
    params: projectParams,
    body: c.upsertContentBody,
    answer: c.contentSnippet,
    action: 'sql:run',
    scope: byProjectRef,
    maxBodyBytes: c.UPSERT_CONTENT_MAX_BODY_BYTES,
  }),
  deleteContent: route({
    method: 'DELETE',
    path: content,
    params: projectParams,
    query: c.contentIdsQuery,
    answer: c.contentDeleted,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  getContent: route({
    method: 'GET',
    path: `${content}/:id`,
    params: c.contentParams,
    answer: c.contentSnippet,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  setContentFavorite: route({
    method: 'PUT',
    path: `${content}/:id/favorite`,
    params: c.contentParams,
    body: c.contentFavoriteBody,
    answer: c.contentSnippet,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  listQueryHistory: route({
    method: 'GET',
    path: '/platform/projects/:ref/query-history',
    params: projectParams,
    query: c.queryHistoryQuery,
    answer: c.queryHistory,
    action: 'sql:run',
    scope: byProjectRef,
  }),
}
