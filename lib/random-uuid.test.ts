import { provideRandomUuid, uuidV4 } from './random-uuid'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

it('makes a version-4 UUID from 16 bytes', () => {
  expect(uuidV4(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
  expect(uuidV4(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000')
  expect(uuidV4()).toMatch(UUID_V4)
})

it('gives an insecure context (no crypto.randomUUID) a working one, and leaves a secure one alone', () => {
  // What a page served over plain HTTP from a network address sees: getRandomValues, no randomUUID.
  const insecure = { getRandomValues: (a: Uint8Array) => crypto.getRandomValues(a) } as unknown as Crypto
  provideRandomUuid(insecure)
  const made = new Set([insecure.randomUUID(), insecure.randomUUID()])
  expect(made.size).toBe(2)
  for (const id of made) expect(id).toMatch(UUID_V4)

  const own = () => '00000000-0000-4000-8000-000000000001' as const
  const secure = { getRandomValues: insecure.getRandomValues, randomUUID: own } as unknown as Crypto
  provideRandomUuid(secure)
  expect(secure.randomUUID).toBe(own)
})
