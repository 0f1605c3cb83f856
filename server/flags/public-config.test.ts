import { createHash } from 'node:crypto'
import { configEtag, etagMatches, hashUserId, publicConfig } from './public-config'

const etag = configEtag(7, 'sdk-key-for-the-tests-0001')

it.each([
  [undefined, false],
  ['', false],
  [etag, true],
  [`W/${etag}`, true],
  [` "other", ${etag} `, true],
  [['"other"', etag], true],
  ['*', true],
  ['"other"', false],
  [configEtag(8, 'sdk-key-for-the-tests-0001'), false],
  [configEtag(7, 'another-key-for-the-tests'), false],
  [etag.slice(1, -1), false],
])('If-None-Match %j names the current ETag: %s', (header, expected) => {
  expect(etagMatches(header, etag)).toBe(expected)
})

it('names no user: rule ids become salted SHA-256 hashes', () => {
  const id = '2b7e1e8c-3c6e-4f6a-9a53-6f1f8f0a1b2c'
  const config = publicConfig(
    { revision: 3, flags: [{ key: 'beta', value: false, rules: [{ userIds: [id], value: true }], updated_at: new Date() }] },
    'salt'
  )
  const expected = createHash('sha256').update(`salt:${id}`).digest('hex')
  expect(config).toEqual({ revision: 3, salt: 'salt', flags: { beta: { value: false, rules: [{ userIdHashes: [expected], value: true }] } } })
  expect(hashUserId('salt', id.toUpperCase())).toBe(expected)
  expect(JSON.stringify(config)).not.toContain(id)
})
