import { describe, expect, it } from 'vitest'
import { categoryOf, schemasFromRows, schemasSql, tableDetailFromRows, tableDetailSql, tablesFromRows, tablesSql } from './catalog'

describe('catalog SQL', () => {
  it('quotes names as literals and counts rows only bounded, and only without an estimate', () => {
    expect(tablesSql("it's")).toContain(`n.nspname = E'it''s'`)
    expect(tableDetailSql('public', "o'k")).toContain(`c.relname = E'o''k'`)
    const bounded = 'select count(*) as n from (select 1 from %I.%I limit 1001) s'
    for (const sql of [tablesSql('public'), tableDetailSql('public', 't')]) {
      expect(sql).toContain(bounded)
      expect(sql).toMatch(/when \w\.reltuples <= 0 and pg_catalog\.has_table_privilege/)
    }
    for (const sql of [schemasSql(), tablesSql('public'), tableDetailSql('public', 't')]) expect(sql.replaceAll(bounded, '')).not.toMatch(/count\(/)
  })
})

describe('catalog answers', () => {
  it('reads schemas and tables, an estimate of -1 as none', () => {
    expect(schemasFromRows([{ name: 'public' }])).toEqual(['public'])
    expect(tablesFromRows([{ schema: 'public', name: 't', estimated_rows: null, rls_enabled: true, comment: null }])).toEqual([
      { schema: 'public', name: 't', estimatedRows: null, countedRows: null, rlsEnabled: true, comment: null },
    ])
    expect(tablesFromRows([{ schema: 'public', name: 't', estimated_rows: '1000000', rls_enabled: false, comment: 'c' }])[0].estimatedRows).toBe(1_000_000)
    expect(tablesFromRows([{ schema: 'public', name: 't', estimated_rows: null, counted_rows: '200', rls_enabled: false, comment: null }])[0].countedRows).toBe(200)
    expect(() => tablesFromRows([{ name: 't' }])).toThrow()
  })

  it('categorises built-in types, enums, strings and arrays', () => {
    expect(categoryOf('int8', 'b', 'N')).toBe('number')
    expect(categoryOf('timestamptz', 'b', 'D')).toBe('timestamp')
    expect(categoryOf(null, 'e', 'E')).toBe('enum')
    expect(categoryOf(null, 'b', 'S')).toBe('text')
    expect(categoryOf('regclass', 'b', 'N')).toBe('other')
    expect(categoryOf('interval', 'b', 'T')).toBe('other')
  })

  it('answers null for a table not there and builds the detail', () => {
    expect(tableDetailFromRows([])).toBeNull()
    const common = { nullable: true, defaultValue: null, identity: false, generated: false, primaryKey: false, uniqueConstraint: null, foreignKey: null, comment: null }
    const detail = tableDetailFromRows([
      {
        detail: {
          schema: 'public',
          name: 't',
          estimatedRows: -1,
          rlsEnabled: true,
          comment: null,
          primaryKey: ['id'],
          primaryKeyConstraint: 't_pkey',
          policies: [{ name: 'own', command: 'SELECT', permissive: true, roles: ['public'], using: 'true', withCheck: null }],
          columns: [
            { ...common, name: 'id', type: 'bigint', base: 'int8', typtype: 'b', typcategory: 'N', elementBase: null, elementTyptype: null, elementTypcategory: null, enumValues: null, primaryKey: true, nullable: false },
            { ...common, name: 'moods', type: 'mood[]', base: null, typtype: 'b', typcategory: 'A', elementBase: null, elementTyptype: 'e', elementTypcategory: 'E', enumValues: ['a', 'b'], uniqueConstraint: 't_moods_key' },
          ],
        },
      },
    ])!
    expect(detail.estimatedRows).toBeNull()
    expect(detail.columns[0]).toMatchObject({ category: 'number', primaryKey: true, unique: false })
    expect(detail.columns[1]).toMatchObject({ category: 'array', elementCategory: 'enum', enumValues: ['a', 'b'], unique: true, uniqueConstraint: 't_moods_key' })
    expect(detail.policies[0].roles).toEqual(['public'])
  })
})
