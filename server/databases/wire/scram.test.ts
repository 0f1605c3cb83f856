import { expect, it } from 'vitest'
import { clientProof, decoyVerifier, makeVerifier, makeVerifierAsync, verifierText, SCRAM_ITERATIONS, parseClientFirst, serverFirst, verifyClientFinal } from './scram'

/** One whole exchange as a client would run it; answers the server-final message (null: refused). */
function exchange(serverPassword: string, clientPassword: string, mutate = (final: string) => final) {
  const verifier = makeVerifier(serverPassword)
  const client = parseClientFirst('n,,n=*,r=clientnonce123')
  if ('error' in client) throw new Error(client.error)
  const first = serverFirst(client, verifier)
  const withoutProof = `c=biws,r=${first.nonce}`
  const proof = clientProof(clientPassword, verifier.salt, verifier.iterations, `${client.bare},${first.message},${withoutProof}`)
  return verifyClientFinal(mutate(`${withoutProof},p=${proof}`), { client, serverFirst: first.message, nonce: first.nonce }, verifier)
}

it('accepts the right password and proves the server knew it', () => {
  expect(exchange('correct horse', 'correct horse')).toMatch(/^v=[A-Za-z0-9+/]+=*$/)
})

it('refuses a wrong password, a changed nonce and a channel-binding mismatch', () => {
  expect(exchange('correct horse', 'correct hors')).toBeNull()
  expect(exchange('pw-123456789', 'pw-123456789', (m) => m.replace('r=clientnonce123', 'r=othernonce'))).toBeNull()
  expect(exchange('pw-123456789', 'pw-123456789', (m) => m.replace('c=biws', 'c=eSws'))).toBeNull()
  expect(exchange('pw-123456789', 'pw-123456789', (m) => m.replace(/p=.*/, 'p=AAAA'))).toBeNull()
  expect(exchange('pw-123456789', 'pw-123456789', (m) => m.replace(/,p=.*/, ''))).toBeNull()
})

it('parses the client-first message and refuses what it cannot serve', () => {
  expect(parseClientFirst('n,,n=,r=abc')).toEqual({ gs2Header: 'n,,', bare: 'n=,r=abc', nonce: 'abc' })
  expect(parseClientFirst('y,,n=*,r=abc')).toMatchObject({ gs2Header: 'y,,' })
  expect(parseClientFirst('p=tls-server-end-point,,n=,r=abc')).toEqual({ error: 'channel binding is not supported' })
  expect(parseClientFirst('garbage')).toEqual({ error: 'malformed SCRAM message' })
  expect(parseClientFirst('n,,n=,r=a,b')).toMatchObject({ nonce: 'a' })
  expect(parseClientFirst('n,,n=,r=')).toEqual({ error: 'malformed SCRAM message' })
})

it('makes the same verifier from the same password and salt (a ref that does not exist looks stable)', () => {
  const salt = Buffer.alloc(16, 7)
  expect(makeVerifier('x-password-1', salt).storedKey.equals(makeVerifier('x-password-1', salt).storedKey)).toBe(true)
  expect(makeVerifier('x-password-1', salt).storedKey.equals(makeVerifier('x-password-2', salt).storedKey)).toBe(false)
})

it('a decoy verifier costs no PBKDF2, stays the same for a ref and differs between refs', () => {
  const secret = Buffer.alloc(32, 1)
  const a = decoyVerifier(secret, 'someref')
  expect(a.salt.length).toBe(16)
  expect(a.iterations).toBe(SCRAM_ITERATIONS)
  expect(decoyVerifier(secret, 'someref')).toEqual(a)
  expect(decoyVerifier(secret, 'otherref').salt.equals(a.salt)).toBe(false)
  expect(decoyVerifier(Buffer.alloc(32, 2), 'someref').salt.equals(a.salt)).toBe(false)
})

it('makes the same verifier off the main thread, and writes it as Postgres stores it', async () => {
  const salt = Buffer.alloc(16, 9)
  expect(await makeVerifierAsync('x-password-1', salt)).toEqual(makeVerifier('x-password-1', salt))
  const text = verifierText(makeVerifier('x-password-1', salt))
  expect(text).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/)
  expect(text).not.toContain('x-password-1')
})
