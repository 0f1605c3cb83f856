import { describe, expect, it } from 'vitest'
import type { CatalogueEntry } from './catalogue'
import { mergeExtensions, REASONS, type AvailableExtension, type DatabaseExtensions } from './merge'

const known = (name: string): CatalogueEntry => ({
  name,
  comment: `The catalogue's ${name}`,
  tags: ['Utility'],
  link: `/guides/database/extensions/${name}`,
  github_url: `https://github.com/example/${name}`,
  product: name,
  product_url: `https://example.com/${name}`,
})

const available = (name: string, facts: Partial<AvailableExtension> = {}): AvailableExtension => ({
  name,
  default_version: '1.0',
  comment: `The control file's ${name}`,
  trusted: true,
  superuser: true,
  required_schema: null,
  requires: [],
  ...facts,
})

const database = (facts: Partial<DatabaseExtensions> = {}): DatabaseExtensions => ({
  available: [],
  installed: [],
  owner: { superuser: false, can_create: true },
  ...facts,
})

const byName = (list: ReturnType<typeof mergeExtensions>) => Object.fromEntries(list.map((e) => [e.name, e]))

describe('mergeExtensions', () => {
  it('lists the catalogue and what the database has, once each, by name', () => {
    const list = mergeExtensions(database({ available: [available('citext'), available('zz_local')] }), 'server', [known('citext'), known('postgis')])
    expect(list.map((e) => e.name)).toEqual(['citext', 'postgis', 'zz_local'])
    const { citext, zz_local } = byName(list)
    expect(citext).toMatchObject({ comment: "The catalogue's citext", in_catalogue: true, tags: ['Utility'], default_version: '1.0', changeable: true, reason: null })
    // An extension the catalogue lacks keeps its own comment and gets a guide link all the same.
    expect(zz_local).toMatchObject({ comment: "The control file's zz_local", in_catalogue: false, tags: [], github_url: null, link: '/guides/database/extensions/zz_local' })
  })

  it.each([
    ['embedded', REASONS.missing.embedded],
    ['server', REASONS.missing.server],
  ] as const)('a catalogue entry the %s database lacks is unavailable: %s', (kind, reason) => {
    const { postgis } = byName(mergeExtensions(database(), kind, [known('postgis')]))
    expect(postgis).toMatchObject({ enabled: false, changeable: false, reason, default_version: null })
  })

  it('an untrusted extension needs a superuser, unless the project role is one', () => {
    const facts = { available: [available('pg_stat_statements', { trusted: false })] }
    expect(byName(mergeExtensions(database(facts), 'server', [])).pg_stat_statements.reason).toBe(REASONS.untrusted)
    expect(byName(mergeExtensions(database({ ...facts, owner: { superuser: true, can_create: true } }), 'server', [])).pg_stat_statements.reason).toBeNull()
    // Not marked superuser in its control file: anyone with CREATE may.
    expect(byName(mergeExtensions(database({ available: [available('plain', { trusted: false, superuser: false })] }), 'server', [])).plain.reason).toBeNull()
  })

  it('a trusted extension needs CREATE on the database', () => {
    const list = mergeExtensions(database({ available: [available('citext')], owner: { superuser: false, can_create: false } }), 'server', [])
    expect(byName(list).citext.reason).toBe(REASONS.noCreate)
  })

  it('an enabled extension shows its version, schema and dependents, and can be disabled only by its owner', () => {
    const facts = database({
      available: [available('cube', { default_version: '1.5' }), available('plpgsql')],
      installed: [
        { name: 'cube', version: '1.4', schema: 'extensions', owned: true, required_by: ['earthdistance'] },
        { name: 'plpgsql', version: '1.0', schema: 'pg_catalog', owned: false, required_by: [] },
      ],
    })
    const { cube, plpgsql } = byName(mergeExtensions(facts, 'server', []))
    expect(cube).toMatchObject({ enabled: true, installed_version: '1.4', default_version: '1.5', schema: 'extensions', required_by: ['earthdistance'], changeable: true })
    expect(plpgsql).toMatchObject({ enabled: true, changeable: false, reason: REASONS.notOwner })
  })
})
