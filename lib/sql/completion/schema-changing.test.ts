import { describe, expect, it } from 'vitest'
import { isSchemaChanging } from './schema-changing'

describe('isSchemaChanging', () => {
  it.each([
    'create table t (id int)',
    'CREATE SCHEMA app',
    'create or replace view v as select 1',
    'create materialized view m as select 1',
    'create index on t (id)',
    'create extension if not exists pgcrypto',
    'create type mood as enum (\'ok\')',
    'create function f() returns int language sql as $$ select 1 $$',
    'create policy p on t for select using (true)',
    'create trigger tr after insert on t for each row execute function f()',
    'alter table t add column note text',
    'alter table t rename to u',
    'drop view v',
    'drop function if exists f()',
    "comment on table t is 'orders'",
    'grant select on t to anon',
    'revoke all on t from anon',
    'import foreign schema remote from server s into app',
    'do $$ begin execute \'create table t ()\'; end $$',
    'select * into archive from orders',
    'select 1; create table t (id int); select 2',
    'begin; alter table t add column x int; commit;',
    '/* setup */ -- first\n create table t ()',
  ])('%s → true', (sql) => expect(isSchemaChanging(sql)).toBe(true))

  it.each([
    'select * from orders',
    'insert into orders values (1)',
    'update orders set note = \'create table t\'',
    'delete from orders',
    'truncate orders',
    '-- create table t\nselect 1',
    '/* drop table t */ select 1',
    "select 'alter table t'",
    'select $$ drop table t $$',
    'select $fn$ create table t () $fn$',
    'select "create" from t',
    'with x as (select 1) select * from x',
    'insert into t select * from u',
    'select (select 1 into x)',
    'explain select 1',
    '',
    '-- only a comment',
  ])('%s → false', (sql) => expect(isSchemaChanging(sql)).toBe(false))
})
