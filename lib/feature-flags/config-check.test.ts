import { flagConfig } from '@/lib/api-types/flags'
import { readFlagConfig } from './config-check'

const good = {
  revision: 3,
  salt: 'salt',
  flags: {
    on: { value: true, rules: [] },
    text: { value: 'A banner', rules: [{ userIdHashes: ['ab12'], value: 'For you' }] },
  },
}

describe('the browser check of a flag configuration agrees with the contract schema', () => {
  it.each([
    ['a configuration', good],
    ['no flags', { revision: 0, salt: '', flags: {} }],
    ['an extra field (dropped)', { ...good, extra: 1 }],
    ['a text at the length limit', { ...good, flags: { t: { value: 'x'.repeat(500), rules: [] } } }],
    ['a text one past it', { ...good, flags: { t: { value: 'x'.repeat(501), rules: [] } } }],
    ['a NUL in a text', { ...good, flags: { t: { value: 'a\u0000b', rules: [] } } }],
    ['a revision that is not whole', { ...good, revision: 1.5 }],
    ['a revision as text', { ...good, revision: '3' }],
    ['no salt', { revision: 1, flags: {} }],
    ['flags as a list', { ...good, flags: [] }],
    ['a flag without rules', { ...good, flags: { a: { value: true } } }],
    ['a number as a value', { ...good, flags: { a: { value: 1, rules: [] } } }],
    ['a rule without hashes', { ...good, flags: { a: { value: true, rules: [{ value: false }] } } }],
    ['a hash that is not text', { ...good, flags: { a: { value: true, rules: [{ userIdHashes: [1], value: false }] } } }],
    ['a rule with a bad value', { ...good, flags: { a: { value: true, rules: [{ userIdHashes: [], value: null }] } } }],
    ['null', null],
    ['a text', 'config'],
    ['a list', [good]],
  ])('%s', (_name, value) => {
    const schema = flagConfig.safeParse(value)
    expect(readFlagConfig(value)).toEqual(schema.success ? schema.data : null)
  })
})
