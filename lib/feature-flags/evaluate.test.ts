import type { FlagConfig } from '@/lib/api-types'
import { evaluateFlag, isFlagOn } from './evaluate'

const config: FlagConfig = {
  revision: 1,
  salt: 's',
  flags: {
    beta: { value: false, rules: [{ userIdHashes: ['alice'], value: true }, { userIdHashes: ['alice', 'bob'], value: false }] },
    notice: { value: 'Maintenance on Sunday', rules: [{ userIdHashes: ['bob'], value: 'Your project moves on Sunday' }] },
  },
}

it.each([
  ['the default without a user', 'beta', {}, { known: true, value: false }],
  ['the default for a user no rule names', 'beta', { userHash: 'carol' }, { known: true, value: false }],
  ['the first rule naming the user', 'beta', { userHash: 'alice' }, { known: true, value: true }],
  ['a later rule when only it names the user', 'notice', { userHash: 'bob' }, { known: true, value: 'Your project moves on Sunday' }],
  ['the cookie override over every rule', 'beta', { userHash: 'alice', overrides: { beta: false } }, { known: true, value: false }],
  ['the cookie override of a flag the configuration lacks', 'brandNew', { overrides: { brandNew: 'on' } }, { known: true, value: 'on' }],
  ['unknown for a key the configuration lacks', 'nope', {}, { known: false, value: undefined }],
  ['unknown for an inherited property name', 'toString', {}, { known: false, value: undefined }],
])('%s', (_, key, options, expected) => {
  expect(evaluateFlag(config, key, options)).toEqual(expected)
})

it('knows nothing before a configuration arrives, but overrides still apply', () => {
  expect(evaluateFlag(undefined, 'beta')).toEqual({ known: false, value: undefined })
  expect(evaluateFlag(undefined, 'beta', { overrides: { beta: true } })).toEqual({ known: true, value: true })
})

it.each([
  [true, true],
  [false, false],
  [undefined, false],
  ['', false],
  ['   ', false],
  ['We are investigating', true],
])('isFlagOn(%j) is %s', (value, expected) => {
  expect(isFlagOn(value)).toBe(expected)
})
