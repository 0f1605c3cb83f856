import { describe, expect, it } from 'vitest'
import { findDestructiveStatements } from './destructive'

const kinds = (sql: string) => findDestructiveStatements(sql).map((s) => s.kind)

describe('findDestructiveStatements', () => {
  it.each([
    ['drop table orders', ['drop']],
    ['DROP SCHEMA app CASCADE;', ['drop']],
    ['truncate orders', ['truncate']],
    ['delete from orders where id = 1', ['delete']],
    ['delete from orders', ['delete']],
    ['update orders set paid = true', ['update without where']],
    ['UPDATE orders SET paid = true WHERE id = 1', []],
    ['alter table orders drop column note', ['alter drop']],
    ['alter table orders drop constraint orders_pkey', ['alter drop']],
    ['alter table orders alter column note drop not null', []],
    ['alter table orders alter column note drop default', []],
    ['alter table orders add column note text', []],
    ['select 1; drop table t; select 2', ['drop']],
    ['with gone as (delete from t returning *) select count(*) from gone', ['delete']],
    ['with x as (select 1) update t set a = 1', ['update without where']],
    ['with x as (select 1) update t set a = 1 where a = 2', []],
    ['update t set a = (select b from c where c.id = 1)', ['update without where']],
    ['update t set a = 1 returning (select 1 where true)', ['update without where']],
  ])('%s → %j', (sql, expected) => expect(kinds(sql)).toEqual(expected))

  it.each([
    ["select 'drop table t'", 'a string'],
    ['select $$delete from t$$', 'a dollar-quoted string'],
    ['select $fn$ truncate t $fn$', 'a tagged dollar-quoted string'],
    ['-- drop table t\nselect 1', 'a line comment'],
    ['/* delete /* nested */ from t */ select 1', 'a nested block comment'],
    ['select "drop" from t', 'a quoted identifier'],
    ["select E'it\\'s; drop table t'", 'an escaped string'],
    ['create policy p on t for delete using (true)', 'a policy for delete'],
    ['grant select, delete on t to anon', 'a privilege'],
    ['create trigger tr before delete or update on t for each row execute function f()', 'a trigger event'],
    ['create table t (id int references u on delete cascade)', 'a foreign key action'],
    ['create function f() returns void language sql as $$ delete from t $$', 'a function body'],
    ['comment on table t is \'drop me\'', 'a comment'],
    ['select drop_count from stats', 'a word that starts with drop'],
  ])('%s is not destructive (%s)', (sql) => expect(kinds(sql)).toEqual([]))

  it('answers where each destructive statement is', () => {
    const sql = 'select 1;\n  drop table t  ;'
    const [found] = findDestructiveStatements(sql)
    expect(sql.slice(found.start, found.end)).toBe('drop table t')
  })
})
