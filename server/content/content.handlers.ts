import type { contentRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { deleteSnippets, getSnippet, listSnippets, setSnippetFavorite, upsertSnippet } from './snippets'
import { createFolder, deleteFolders, listFolders, renameFolder } from './folders'
import { recordLastVisited } from './last-visited'
import { listHistory } from './history'

export const contentHandlers: Handlers<typeof contentRoutes> = {
  listContentFolders: ({ platform, user, access }) => listFolders(platform, user, access),
  createContentFolder: ({ platform, user, access, body }) => createFolder(platform, user, access, body.name),
  updateContentFolder: ({ platform, user, access, body }) => renameFolder(platform, user, access, body.id, body.name),
  deleteContentFolders: ({ platform, user, access, query }) => deleteFolders(platform, user, access, query.ids),
  recordLastVisitedContent: ({ platform, user, access, body }) => recordLastVisited(platform, user, access, body.id),
  listContent: ({ platform, user, access, query }) => listSnippets(platform, user, access, query),
  upsertContent: ({ platform, user, access, body }) => upsertSnippet(platform, user, access, body),
  deleteContent: ({ platform, user, access, query }) => deleteSnippets(platform, user, access, query),
  getContent: ({ platform, user, access, params }) => getSnippet(platform, user, access, params.id),
  setContentFavorite: ({ platform, user, access, params, body }) => setSnippetFavorite(platform, user, access, params.id, body.favorite),
  listQueryHistory: ({ platform, user, access, query }) => listHistory(platform, user, access, query),
}
