import { describe, expect, it } from 'vitest'
import type { CatalogueEntry } from './catalogue'
import { mergeExtensions, REASONS, type AvailableExtension, type DatabaseExtensions, type PlatformHelp } from './merge'

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
    const list = mergeExtensions(database({ available: [available('citext'), available('zz_local')] }), [known('citext'), known('postgis')])
    expect(list.map((e) => e.name)).toEqual(['citext', 'postgis', 'zz_local'])
    const { citext, zz_local } = byName(list)
    expect(citext).toMatchObject({ comment: "The catalogue's citext", in_catalogue: true, tags: ['Utility'], default_version: '1.0', changeable: true, reason: null })
    // An extension the catalogue lacks keeps its own comment and gets a guide link all the same.
    expect(zz_local).toMatchObject({ comment: "The control file's zz_local", in_catalogue: false, tags: [], github_url: null, link: '/guides/database/extensions/zz_local' })
  })

  it('a catalogue entry the server lacks is unavailable, and says so', () => {
    const { postgis } = byName(mergeExtensions(database(), [known('postgis')]))
    expect(postgis).toMatchObject({ enabled: false, changeable: false, reason: REASONS.missing, default_version: null })
  })

  it('an untrusted extension needs a superuser, unless the project role is one', () => {
    const facts = { available: [available('pg_stat_statements', { trusted: false })] }
    expect(byName(mergeExtensions(database(facts), [])).pg_stat_statements.reason).toBe(REASONS.untrusted)
    expect(byName(mergeExtensions(database({ ...facts, owner: { superuser: true, can_create: true } }), [])).pg_stat_statements.reason).toBeNull()
    // Not marked superuser in its control file: anyone with CREATE may.
    expect(byName(mergeExtensions(database({ available: [available('plain', { trusted: false, superuser: false })] }), [])).plain.reason).toBeNull()
  })

  it('a trusted extension needs CREATE on the database', () => {
    const list = mergeExtensions(database({ available: [available('citext')], owner: { superuser: false, can_create: false } }), [])
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
    const { cube, plpgsql } = byName(mergeExtensions(facts, []))
    expect(cube).toMatchObject({ enabled: true, installed_version: '1.4', default_version: '1.5', schema: 'extensions', required_by: ['earthdistance'], changeable: true })
    expect(plpgsql).toMatchObject({ enabled: true, changeable: false, reason: REASONS.notOwner })
  })

  describe('on a server whose admin the platform holds', () => {
    const help = (schema: string | null = 'extensions'): PlatformHelp => ({
      schema,
      schemaName: 'extensions',
      decide: (name) => (name === 'bloom' ? { offered: true } : { offered: false, reason: `No ${name} here.` }),
    })
    const untrusted = database({ available: [available('bloom', { trusted: false }), available('dblink', { trusted: false }), available('citext')] })

    it('an offered one is the platform’s to create, in its own schema only; a refused one says why', () => {
      const { bloom, dblink, citext } = byName(mergeExtensions(untrusted, [], help()))
      expect(bloom).toMatchObject({ changeable: true, reason: null, by_platform: true, required_schema: 'extensions' })
      expect(dblink).toMatchObject({ changeable: false, reason: 'No dblink here.', by_platform: false })
      expect(citext).toMatchObject({ changeable: true, by_platform: false, required_schema: null })
    })

    it('a platform schema name the project’s role took blocks what the platform would create', () => {
      expect(byName(mergeExtensions(untrusted, [], help(null))).bloom).toMatchObject({
        changeable: false,
        reason: REASONS.platformSchemaTaken('extensions'),
      })
    })

    it('what the platform made in its schema it drops again; what a superuser made elsewhere stays', () => {
      const facts = database({
        available: [available('bloom', { trusted: false }), available('dblink', { trusted: false })],
        installed: [
          { name: 'bloom', version: '1.0', schema: 'extensions', owned: false, by_superuser: true, required_by: [] },
          { name: 'dblink', version: '1.2', schema: 'extensions', owned: false, by_superuser: true, required_by: [] },
        ],
      })
      const { bloom, dblink } = byName(mergeExtensions(facts, [], help()))
      expect(bloom).toMatchObject({ enabled: true, changeable: true, by_platform: true, schema: 'extensions' })
      expect(dblink).toMatchObject({ enabled: true, changeable: false, reason: REASONS.notOwner })
    })

    it('an extension whose library did not load is unavailable', () => {
      const facts = database({ available: [available('plperl')], unloadable: ['plperl'] })
      expect(byName(mergeExtensions(facts, [], help())).plperl).toMatchObject({ changeable: false, reason: REASONS.unloadable })
    })
  })
})
