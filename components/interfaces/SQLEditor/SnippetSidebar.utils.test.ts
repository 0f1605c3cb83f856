import type { ContentFolder, ContentListItem } from '@/lib/api-types'
import { contentListItem } from '@/tests/fixtures/content'
import { groupSnippets, snippetPermissions } from './SnippetSidebar.utils'

const item = (id: string, over: Partial<ContentListItem> = {}): ContentListItem => contentListItem({ id, name: id, preview: '', ...over })
const folder = (id: string): ContentFolder => ({ id, name: id, inserted_at: '', updated_at: '' })

describe('groupSnippets', () => {
  it('puts each snippet in one section, and private ones in their folder', () => {
    const groups = groupSnippets(
      [
        item('fav', { favorite: true, visibility: 'project' }),
        item('shared', { visibility: 'project', folder_id: 'f1' }),
        item('filed', { folder_id: 'f1' }),
        item('lost', { folder_id: 'gone' }),
        item('loose'),
      ],
      [folder('f1'), folder('f2')]
    )
    expect(groups.favorites.map((i) => i.id)).toEqual(['fav'])
    expect(groups.shared.map((i) => i.id)).toEqual(['shared'])
    expect(groups.folders.map((f) => [f.folder.id, f.items.map((i) => i.id)])).toEqual([
      ['f1', ['filed']],
      ['f2', []],
    ])
    expect(groups.unfiled.map((i) => i.id)).toEqual(['lost', 'loose'])
  })
})

describe('snippetPermissions', () => {
  it.each([
    ['own private, Read-only', item('a'), { me: 1, canWrite: false }, { rename: true, move: true, share: false, delete: true }],
    ['own private, Developer', item('a'), { me: 1, canWrite: true }, { rename: true, move: true, share: true, delete: true }],
    ['own shared, Read-only', item('a', { visibility: 'project' }), { me: 1, canWrite: false }, { rename: false, move: false, share: false, delete: true }],
    ["another's shared, Developer", item('a', { visibility: 'project', owner: { id: 2, username: 'bob' } }), { me: 1, canWrite: true }, { rename: true, move: false, share: false, delete: false }],
    ["another's shared, Read-only", item('a', { visibility: 'project', owner: { id: 2, username: 'bob' } }), { me: 1, canWrite: false }, { rename: false, move: false, share: false, delete: false }],
  ])('%s', (_, snippet, who, expected) => expect(snippetPermissions(snippet, who)).toEqual(expected))
})
