import { makeVerifierAsync, verifierText } from './scram-verifier'

it('writes the verifier as Postgres stores it, the same for the same password and salt', async () => {
  const salt = Buffer.alloc(16, 7)
  const a = verifierText(await makeVerifierAsync('correct horse', salt))
  expect(a).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/)
  expect(verifierText(await makeVerifierAsync('correct horse', salt))).toBe(a)
  expect(verifierText(await makeVerifierAsync('correct hors', salt))).not.toBe(a)
})
