import { describe, expect, it } from 'vitest'
import { ResponseError } from '@/data/fetchers'
import { toRunError } from './SQLEditor.utils'

describe('toRunError', () => {
  const document = 'select 1;\nselect * from nope;'

  it('locates a Postgres error in the document', () => {
    const error = new ResponseError('relation "nope" does not exist', 400, {
      pg: { code: '42P01', position: 25, hint: 'h' },
    })
    expect(toRunError(error, { document, sql: document, ranFrom: 0 })).toEqual({
      message: 'relation "nope" does not exist',
      code: '42P01',
      detail: undefined,
      hint: 'h',
      location: { index: 24, line: 2, column: 15 },
    })
  })

  it('locates an error in a selection that ran', () => {
    const sql = 'select * from nope;'
    const error = new ResponseError('relation "nope" does not exist', 400, { pg: { position: 15 } })
    expect(toRunError(error, { document, sql, ranFrom: 10 }).location).toEqual({ index: 24, line: 2, column: 15 })
  })

  it('accepts a position sent as a string', () => {
    const error = new ResponseError('x', 400, { pg: { position: '8' as unknown as number } })
    expect(toRunError(error, { document, sql: document, ranFrom: 0 }).location).toMatchObject({ line: 1, column: 8 })
  })

  it.each([
    ['no pg details', new ResponseError('An error has occurred: 502', 502)],
    ['a plain Error', new Error('An error has occurred: 502')],
  ])('has no location for %s', (_, error) => {
    const result = toRunError(error, { document, sql: document, ranFrom: 0 })
    expect(result.message).toBe('An error has occurred: 502')
    expect(result.location).toBeUndefined()
  })
})
