import { dataApiChanges, MAX_ROWS_MESSAGE, rolesAllowed, schemaOptions, validateDataApiForm } from './api-settings.utils'

const SAVED = { enabled: true, schemas: ['public'], max_rows: 1000 }

it('names the roles the policy allows', () => {
  expect(rolesAllowed('api:jwt-secret:rotate')).toBe('Owner and Admin')
  expect(rolesAllowed('api:service-key:read')).toBe('Owner, Admin and Developer')
})

it.each([
  ['1', undefined],
  ['100000', undefined],
  [' 250 ', undefined],
  ['0', MAX_ROWS_MESSAGE],
  ['100001', MAX_ROWS_MESSAGE],
  ['', MAX_ROWS_MESSAGE],
  ['12.5', MAX_ROWS_MESSAGE],
  ['-3', MAX_ROWS_MESSAGE],
  ['1e3', MAX_ROWS_MESSAGE],
])('max rows %j → %s', (maxRows, expected) => {
  expect(validateDataApiForm({ enabled: true, schemas: ['public'], maxRows }).maxRows).toBe(expected)
})

it('wants at least one schema', () => {
  expect(validateDataApiForm({ enabled: true, schemas: [], maxRows: '10' }).schemas).toBe('Choose at least one schema to expose')
})

it('sends only what changed', () => {
  expect(dataApiChanges(SAVED, { enabled: true, schemas: ['public'], maxRows: '1000' })).toEqual({})
  expect(dataApiChanges(SAVED, { enabled: false, schemas: ['public', 'api'], maxRows: '50' })).toEqual({ enabled: false, schemas: ['public', 'api'], max_rows: 50 })
})

it('offers the project schemas and keeps an exposed one the database no longer has', () => {
  expect(schemaOptions(['api', 'public'], ['public', 'gone'])).toEqual(['api', 'public', 'gone'])
})
