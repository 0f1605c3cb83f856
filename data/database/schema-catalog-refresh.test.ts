import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { EMPTY_CATALOG } from '@/lib/sql/completion'
import { databaseKeys } from './keys'
import { invalidateSchemaCatalog, refreshCatalogAfterRun } from './schema-catalog-refresh'

function clientWithCatalogs() {
  const client = new QueryClient()
  client.setQueryData(databaseKeys.schemaCatalog('abc'), EMPTY_CATALOG)
  client.setQueryData(databaseKeys.schemaCatalog('other'), EMPTY_CATALOG)
  const stale = (ref: string) => client.getQueryState(databaseKeys.schemaCatalog(ref))?.isInvalidated
  return { client, stale }
}

describe('refreshCatalogAfterRun', () => {
  it.each(['create table t (id int)', 'select 1; alter table t add column x int', 'drop view v'])('%s → the project’s catalog is reloaded', async (sql) => {
    const { client, stale } = clientWithCatalogs()
    await refreshCatalogAfterRun(client, 'abc', sql)
    expect(stale('abc')).toBe(true)
    expect(stale('other')).toBe(false)
  })

  it.each(['select * from t', '-- create table t\nselect 1', "insert into t values ('drop table t')"])('%s → left as it is', async (sql) => {
    const { client, stale } = clientWithCatalogs()
    await refreshCatalogAfterRun(client, 'abc', sql)
    expect(stale('abc')).toBe(false)
  })
})

it('invalidateSchemaCatalog marks one project’s catalog stale', async () => {
  const { client, stale } = clientWithCatalogs()
  await invalidateSchemaCatalog(client, 'abc')
  expect([stale('abc'), stale('other')]).toEqual([true, false])
})
