import { describe, expect, it } from 'vitest'
import { readOnlyRefusal, writeCommandOf } from './read-only-refusal'

describe('writeCommandOf', () => {
  it.each([
    ['insert into t values (1)', 'INSERT'],
    ['-- note\nINSERT INTO t VALUES (1);', 'INSERT'],
    ['update t set a = 1', 'UPDATE'],
    ['delete from t', 'DELETE'],
    ['truncate t', 'TRUNCATE'],
    ['create table t (x int)', 'CREATE TABLE'],
    ['create or replace function f() returns int language sql as $$select 1$$', 'CREATE FUNCTION'],
    ['create temp table t (x int)', 'CREATE TABLE'],
    ['create unique index on t (x)', 'CREATE INDEX'],
    ['create materialized view v as select 1', 'CREATE MATERIALIZED VIEW'],
    ['drop table if exists t', 'DROP TABLE'],
    ['alter table t add column y int', 'ALTER TABLE'],
    ['select 1; insert into t values (1)', 'INSERT'],
    ['with gone as (delete from t returning *) select count(*) from gone', 'DELETE'],
    ['with x as (select 1) insert into t select * from x', 'INSERT'],
    ['grant select on t to anon', 'GRANT'],
    ['analyse t', 'ANALYZE'],
    ['select 1', null],
    ["select 'insert into t'", null],
    ['select * from t where "delete" = 1', null],
    ['with x as (select 1) select * from x', null],
    ['selct 1', null],
    ['values (1)', null],
    ['explain select 1', null],
    ['', null],
  ])('%s → %s', (sql, expected) => expect(writeCommandOf(sql)).toBe(expected))
})

describe('readOnlyRefusal', () => {
  it.each([
    ['a server refusing a write', 'select bump()', { code: '25006', message: 'cannot execute INSERT in a read-only transaction' }, 'Your role (Read-only) can only read: INSERT is not allowed.'],
    ['a syntax error in writing SQL is the SQL\'s own', 'insert into t valuez (1)', { code: '42601', message: 'syntax error at or near "valuez"' }, null],
    ['a privilege error on a write', 'select 1; update t set a = 2', { code: '42501', message: 'permission denied for table t' }, 'Your role (Read-only) can only read: UPDATE is not allowed.'],
    ['a real syntax error', 'selct 1', { code: '42601', message: 'syntax error at or near "selct"' }, null],
    ['a read that is not allowed', 'select * from secrets', { code: '42501', message: 'permission denied for table secrets' }, null],
    ['another error in writing SQL', 'insert into t values (1)', { code: '23505', message: 'duplicate key value' }, null],
  ])('%s', (_, sql, error, expected) => expect(readOnlyRefusal(sql, error, 'Read-only')).toBe(expected))
})
