import { describe, expect, it } from 'vitest'
import { applyRowLimit } from './row-limit'

describe('applyRowLimit', () => {
  it.each([
    ['select * from t', 'select * from t limit 100'],
    ['select * from t;', 'select * from t limit 100;'],
    ['select * from t -- all of it', 'select * from t limit 100 -- all of it'],
    ['select * from t /* x */ ;  ', 'select * from t limit 100 /* x */ ;  '],
    ['with a as (select 1 limit 5) select * from a', 'with a as (select 1 limit 5) select * from a limit 100'],
    ['select * from t where id in (select id from u limit 3)', 'select * from t where id in (select id from u limit 3) limit 100'],
    ["select 'limit 5' as s", "select 'limit 5' as s limit 100"],
    ['select 1 union all select 2', 'select 1 union all select 2 limit 100'],
    ['select * from t offset 10', 'select * from t offset 10 limit 100'],
    ['values (1), (2)', 'values (1), (2) limit 100'],
    ['table t', 'table t limit 100'],
  ])('%s → %s', (sql, expected) => expect(applyRowLimit(sql, 100)).toEqual({ sql: expected, applied: true }))

  it.each([
    ['select * from t limit 10', 'its own limit'],
    ['SELECT * FROM t LIMIT ALL', 'its own LIMIT ALL'],
    ['select * from t fetch first 5 rows only', 'FETCH FIRST'],
    ['select * into copy from t', 'SELECT INTO makes a table'],
    ['select * from t for update', 'a locking clause'],
    ['select 1; select 2', 'several statements'],
    ['insert into t values (1)', 'not a query'],
    ['with gone as (delete from t returning *) delete from u', 'a WITH whose main command is not a query'],
    ['with a as (select 1) insert into t select * from a', 'a WITH that inserts'],
    ['explain select * from t', 'EXPLAIN'],
    ['', 'nothing'],
    ['-- only a comment', 'only a comment'],
  ])('%s is left alone (%s)', (sql) => expect(applyRowLimit(sql, 100)).toEqual({ sql, applied: false }))

  it('no limit means no change', () => {
    expect(applyRowLimit('select * from t', null)).toEqual({ sql: 'select * from t', applied: false })
  })

  it('uses the chosen limit', () => {
    expect(applyRowLimit('select 1', 1000).sql).toBe('select 1 limit 1000')
  })
})
