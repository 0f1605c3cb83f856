import { describe, expect, it } from 'vitest'
import { catalogFromRows } from './catalog'

const catalog = {
  schemas: ['public'],
  tables: [{ schema: 'public', name: 't', kind: 'table', columns: [{ name: 'id', type: 'integer' }] }],
  functions: [{ schema: 'public', name: 'f', args: '', returns: 'integer' }],
}

describe('catalogFromRows', () => {
  it('reads the one row of the catalog query, as JSON or as text', () => {
    expect(catalogFromRows([{ catalog }])).toEqual(catalog)
    expect(catalogFromRows([{ catalog: JSON.stringify(catalog) }])).toEqual(catalog)
  })

  it.each([[[]], [{ results: [] }], [[{ catalog: { schemas: 'public' } }]], [[{ catalog: { ...catalog, tables: [{ name: 't' }] } }]]])(
    'refuses an answer of another shape: %j',
    (rows) => expect(() => catalogFromRows(rows)).toThrow('The schema catalog query answered something unexpected')
  )
})
