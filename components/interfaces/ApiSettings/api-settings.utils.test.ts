import { dataApiChanges, MAX_ROWS_MESSAGE, rolesAllowed, schemaOptions, TIMEOUT_MESSAGE, validateDataApiForm } from './api-settings.utils'

const SAVED = { enabled: true, schemas: ['public'], max_rows: 1000, anon_statement_timeout_s: 3, authenticated_statement_timeout_s: 8 }

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
  expect(validateDataApiForm({ enabled: true, schemas: ['public'], maxRows, anonTimeout: '3', authenticatedTimeout: '8' }).maxRows).toBe(expected)
})

it('wants at least one schema', () => {
  expect(validateDataApiForm({ enabled: true, schemas: [], maxRows: '10', anonTimeout: '3', authenticatedTimeout: '8' }).schemas).toBe('Choose at least one schema to expose')
})

it('sends only what changed', () => {
  expect(dataApiChanges(SAVED, { enabled: true, schemas: ['public'], maxRows: '1000', anonTimeout: '3', authenticatedTimeout: '8' })).toEqual({})
  expect(dataApiChanges(SAVED, { enabled: false, schemas: ['public', 'api'], maxRows: '50', anonTimeout: '3', authenticatedTimeout: '20' })).toEqual({
    enabled: false,
    schemas: ['public', 'api'],
    max_rows: 50,
    authenticated_statement_timeout_s: 20,
  })
})

it.each([
  ['3', undefined],
  ['600', undefined],
  ['0', TIMEOUT_MESSAGE],
  ['601', TIMEOUT_MESSAGE],
  ['2.5', TIMEOUT_MESSAGE],
  ['', TIMEOUT_MESSAGE],
])('statement timeout %j → %s', (anonTimeout, expected) => {
  expect(validateDataApiForm({ enabled: true, schemas: ['public'], maxRows: '10', anonTimeout, authenticatedTimeout: '8' }).anonTimeout).toBe(expected)
})

it('offers the project schemas and keeps an exposed one the database no longer has', () => {
  expect(schemaOptions(['api', 'public'], ['public', 'gone'])).toEqual(['api', 'public', 'gone'])
})
