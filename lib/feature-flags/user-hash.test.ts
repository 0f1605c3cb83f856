import { createHash } from 'node:crypto'
import { hashFlagUserId } from './user-hash'

it('hashes a user id as the platform does: SHA-256 of salt:id in lower case, as hex', async () => {
  const id = '2B7E1E8C-3C6E-4F6A-9A53-6F1F8F0A1B2C'
  const expected = createHash('sha256').update(`the-salt:${id.toLowerCase()}`).digest('hex')
  expect(await hashFlagUserId('the-salt', id)).toBe(expected)
})
