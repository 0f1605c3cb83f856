import { docsResultHref, toDocsSearchResults } from './docs-search-results'

const valid = { id: 'p1', path: '/docs/auth', type: 'markdown', title: 'Auth', subtitle: 'Sign-in', description: 'How sign-in works', headings: ['Sessions'], slugs: ['sessions'] }

describe('toDocsSearchResults (SPEC §5)', () => {
  it('keeps a complete result, pairing headings with slugs', () => {
    expect(toDocsSearchResults([valid])).toEqual([
      { id: 'p1', path: '/docs/auth', type: 'markdown', title: 'Auth', subtitle: 'Sign-in', description: 'How sign-in works', sections: [{ heading: 'Sessions', slug: 'sessions' }] },
    ])
  })

  it.each<[string, unknown]>([
    ['without id', { ...valid, id: undefined }],
    ['with an empty id', { ...valid, id: '' }],
    ['without path', { ...valid, path: undefined }],
    ['without type', { ...valid, type: undefined }],
    ['without title', { ...valid, title: undefined }],
    ['with a blank title', { ...valid, title: '  ' }],
    ['with a title that is not text', { ...valid, title: 7 }],
    ['with more headings than slugs', { ...valid, headings: ['A', 'B'], slugs: ['a'] }],
    ['with slugs but no headings', { ...valid, headings: undefined, slugs: ['a'] }],
    ['with a heading that is not text', { ...valid, headings: [1], slugs: ['a'] }],
    ['that is not an object', 'a string'],
    ['that is null', null],
  ])('discards a result %s', (_, item) => {
    expect(toDocsSearchResults([item, valid]).map((r) => r.id)).toEqual(['p1'])
  })

  it.each<[string, unknown, Record<string, unknown>]>([
    ['a numeric id, as text', { ...valid, id: 42 }, { id: '42' }],
    ['no subtitle or description', { ...valid, subtitle: undefined, description: null }, { subtitle: null, description: null }],
    ['empty subtitle as none', { ...valid, subtitle: '' }, { subtitle: null }],
    ['no section lists', { ...valid, headings: undefined, slugs: undefined }, { sections: [] }],
    ['null section lists', { ...valid, headings: null, slugs: null }, { sections: [] }],
    ['a type another backend has', { ...valid, type: 'guide' }, { type: 'guide' }],
  ])('tolerates %s', (_, item, expected) => {
    expect(toDocsSearchResults([item])[0]).toMatchObject(expected)
  })

  it('keeps the order of the answer', () => {
    expect(toDocsSearchResults([{ ...valid, id: 'b' }, { ...valid, id: 'a' }]).map((r) => r.id)).toEqual(['b', 'a'])
  })
})

describe('docsResultHref', () => {
  it.each([
    [undefined, '/docs/auth'],
    [{ heading: 'Sessions', slug: 'sessions' }, '/docs/auth#sessions'],
  ])('section %j → %s', (section, href) => {
    expect(docsResultHref({ path: '/docs/auth' }, section)).toBe(href)
  })
})
