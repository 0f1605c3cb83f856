/** The SQL words offered as completions: the common ones, some as the phrases they are written in. */
export const SQL_KEYWORDS: readonly string[] = [
  'select', 'from', 'where', 'and', 'or', 'not', 'in', 'is', 'null', 'is not null', 'like', 'ilike', 'between', 'exists',
  'join', 'inner join', 'left join', 'right join', 'full join', 'cross join', 'on', 'using', 'lateral',
  'group by', 'order by', 'having', 'limit', 'offset', 'distinct', 'as', 'asc', 'desc', 'nulls first', 'nulls last',
  'case', 'when', 'then', 'else', 'end', 'cast', 'true', 'false', 'default',
  'union', 'union all', 'except', 'intersect', 'with', 'recursive', 'over', 'partition by', 'window', 'filter',
  'insert into', 'values', 'update', 'set', 'delete from', 'returning', 'on conflict', 'do nothing', 'do update set',
  'create table', 'create view', 'create materialized view', 'create index', 'create schema', 'create function',
  'create or replace function', 'create extension', 'create policy', 'create trigger', 'create type',
  'alter table', 'add column', 'drop column', 'rename to', 'drop table', 'drop view', 'drop function', 'truncate',
  'primary key', 'foreign key', 'references', 'unique', 'check', 'not null', 'if exists', 'if not exists', 'cascade',
  'grant', 'revoke', 'begin', 'commit', 'rollback', 'explain', 'explain analyze', 'vacuum', 'analyze',
]
