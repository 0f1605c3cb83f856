import { describe, expect, it } from 'vitest'
import { formatSql } from './format'

describe('formatSql', () => {
  it('lays a query out with upper-case keywords', () => {
    expect(formatSql('select id, name from orders where paid = true order by id').sql).toBe(
      'SELECT\n  id,\n  name\nFROM\n  orders\nWHERE\n  paid = TRUE\nORDER BY\n  id'
    )
  })

  it('keeps dollar-quoted bodies, casts and several statements', () => {
    const { sql, error } = formatSql("create function f() returns int language sql as $$ select 1 $$; select '1'::int")
    expect(error).toBeNull()
    expect(sql).toContain('$$ select 1 $$')
    expect(sql).toContain("'1'::int")
    expect(sql.split(';')).toHaveLength(2)
  })

  it('answers SQL it cannot read as it was, with the reason', () => {
    const broken = "select 'unterminated"
    const outcome = formatSql(broken)
    expect(outcome.sql).toBe(broken)
    expect(outcome.error).toEqual(expect.any(String))
  })
})
