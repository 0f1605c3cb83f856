import { describe, expect, it } from 'vitest'
import type { Extension } from '@/lib/api-types'
import { defaultSchemaFor, filterExtensions, sortForDisplay, tagsOf } from './extensions.utils'

const ext = (name: string, over: Partial<Extension> = {}): Extension => ({
  name,
  comment: `About ${name}`,
  tags: [],
  in_catalogue: true,
  link: `/guides/database/extensions/${name}`,
  github_url: null,
  product: null,
  product_url: null,
  default_version: '1.0',
  installed_version: null,
  schema: null,
  required_schema: null,
  requires: [],
  required_by: [],
  enabled: false,
  changeable: true,
  reason: null,
  ...over,
})

const list = [
  ext('citext', { tags: ['Data Type'], comment: 'Case-insensitive text' }),
  ext('vector', { tags: ['AI', 'Index'], changeable: false, reason: 'Not built in.' }),
  ext('plpgsql', { tags: ['Language'], enabled: true, installed_version: '1.0', schema: 'pg_catalog' }),
]

describe('filterExtensions', () => {
  it.each([
    [{ search: '', tag: null, status: 'all' }, ['citext', 'vector', 'plpgsql']],
    [{ search: 'CASE', tag: null, status: 'all' }, ['citext']],
    [{ search: 'vec', tag: null, status: 'all' }, ['vector']],
    [{ search: '', tag: 'Index', status: 'all' }, ['vector']],
    [{ search: '', tag: null, status: 'enabled' }, ['plpgsql']],
    [{ search: '', tag: null, status: 'available' }, ['citext']],
    [{ search: 'nothing like it', tag: null, status: 'all' }, []],
  ] as const)('%o → %o', (filters, names) => expect(filterExtensions(list, filters).map((e) => e.name)).toEqual(names))
})

describe('the rest', () => {
  it('lists the tags in use in the catalogue order', () => expect(tagsOf(list)).toEqual(['Index', 'Data Type', 'Language', 'AI']))
  it('sorts enabled, then available, then unavailable', () => expect(sortForDisplay(list).map((e) => e.name)).toEqual(['plpgsql', 'citext', 'vector']))
  it('puts an extension in its required schema, else the platform’s as hosted projects do, else public', () => {
    expect(defaultSchemaFor(ext('a'), 'extensions')).toBe('extensions')
    expect(defaultSchemaFor(ext('a'))).toBe('public')
    expect(defaultSchemaFor(ext('b', { required_schema: 'graphql' }), 'extensions')).toBe('graphql')
  })
})
