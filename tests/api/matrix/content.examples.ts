import { randomUUID } from 'node:crypto'
import type { contentRoutes } from '@/lib/api-types'
import type { TestPlatform } from '../../helpers/test-platform'
import { unique, type Examples, type Fixture } from './types'

/**
 * Every member may keep snippets (the routes need sql:run): each call creates its own private
 * snippet or folder, or acts on one snippet the Owner shares with the project, made once here.
 * Folders are their owner's own, so renaming someone's folder is a 404 for everybody.
 */
const shared = randomUUID()

async function sharedSnippet(tp: TestPlatform, fx: Fixture) {
  await tp.platform.db.query(
    `insert into content_snippets (id, project_id, owner_id, name, visibility, sql)
     select $1, p.id, pr.id, 'Matrix shared', 'project', 'select 1' from projects p, profiles pr join users u on u.id = pr.user_id
     where p.ref = $2 and u.email = $3
     on conflict (id) do nothing`,
    [shared, fx.ref, fx.emails.Owner]
  )
}

const content = (fx: Fixture) => `/platform/projects/${fx.ref}/content`

export const contentExamples: Examples<typeof contentRoutes> = {
  listContentFolders: { path: (fx) => `${content(fx)}/folders` },
  createContentFolder: { path: (fx) => `${content(fx)}/folders`, body: () => ({ name: `Matrix ${unique()}` }) },
  updateContentFolder: { path: (fx) => `${content(fx)}/folders`, body: () => ({ id: randomUUID(), name: `Matrix ${unique()}` }), status: 404 },
  deleteContentFolders: { path: (fx) => `${content(fx)}/folders?ids=${randomUUID()}` },
  recordLastVisitedContent: { path: (fx) => `${content(fx)}/last-visited`, body: () => ({ id: shared }), before: sharedSnippet },
  listContent: { path: (fx) => `${content(fx)}?type=sql&limit=10` },
  upsertContent: {
    path: content,
    body: () => ({ id: randomUUID(), name: `Matrix ${unique()}`, type: 'sql', visibility: 'user', content: { sql: 'select 1' } }),
  },
  deleteContent: { path: (fx) => `${content(fx)}?ids=${randomUUID()}` },
  getContent: { path: (fx) => `${content(fx)}/${shared}`, before: sharedSnippet },
  setContentFavorite: { path: (fx) => `${content(fx)}/${shared}/favorite`, body: () => ({ favorite: true }), before: sharedSnippet },
  listQueryHistory: { path: (fx) => `/platform/projects/${fx.ref}/query-history` },
}
