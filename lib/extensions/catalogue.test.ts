import { describe, expect, it } from 'vitest'
import { catalogue, catalogueEntryFor, EXTENSION_CATALOGUE } from './catalogue'
import { CATALOGUE_SEEDS } from './catalogue-entries'
import { EXTENSION_TAGS } from './tags'

describe('extension catalogue', () => {
  it('holds about 55 valid entries with unique names', () => {
    expect(EXTENSION_CATALOGUE.length).toBeGreaterThanOrEqual(50)
    expect(EXTENSION_CATALOGUE.length).toBeLessThanOrEqual(60)
    expect(new Set(EXTENSION_CATALOGUE.map((e) => e.name)).size).toBe(EXTENSION_CATALOGUE.length)
  })

  it.each(['vector', 'postgis', 'pg_cron', 'pg_stat_statements', 'pgcrypto', 'uuid-ossp', 'pg_trgm', 'hstore', 'citext', 'ltree', 'pg_graphql', 'pg_net', 'pgsodium', 'pgaudit', 'plpgsql', 'plv8', 'pg_hashids', 'pg_jsonschema', 'pgtap', 'timescaledb', 'pgrouting', 'http'])(
    'knows %s, with its guide link',
    (name) => expect(catalogueEntryFor(name)?.link).toBe(`/guides/database/extensions/${name}`)
  )

  it('uses every tag SPEC §9 names', () => {
    const used = new Set(EXTENSION_CATALOGUE.flatMap((e) => e.tags))
    for (const tag of ['Utility', 'Admin', 'Index', 'Search', 'Geo', 'Data Type', 'Audit', 'Language', 'AI']) expect(used).toContain(tag)
    for (const tag of used) expect(EXTENSION_TAGS).toContain(tag)
  })

  it('refuses a duplicate name, an unknown tag, a non-GitHub source and an http address', () => {
    const good = { ...CATALOGUE_SEEDS[0], link: '/guides/database/extensions/x' }
    expect(catalogue.safeParse([good, good]).success).toBe(false)
    expect(catalogue.safeParse([{ ...good, tags: ['Nonsense'] }]).success).toBe(false)
    expect(catalogue.safeParse([{ ...good, github_url: 'https://example.com/x' }]).success).toBe(false)
    expect(catalogue.safeParse([{ ...good, product_url: 'http://example.com' }]).success).toBe(false)
    expect(catalogue.safeParse([{ ...good, name: 'Bad Name' }]).success).toBe(false)
    expect(catalogue.safeParse([good]).success).toBe(true)
  })
})
