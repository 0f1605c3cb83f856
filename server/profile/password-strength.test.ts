import { checkPasswordStrength } from './password-strength'

describe('password strength', () => {
  it('scores common passwords 0 with a warning, long passphrases 4', async () => {
    const weak = (await checkPasswordStrength('password123')).result
    expect(weak.score).toBe(0)
    expect(weak.feedback.warning).toMatch(/common/i)
    expect((await checkPasswordStrength('correct horse battery staple 42')).result.score).toBe(4)
  })

  it('scores only the first 100 characters', async () => {
    expect((await checkPasswordStrength('a'.repeat(1000))).result.score).toBe((await checkPasswordStrength('a'.repeat(100))).result.score)
  })
})
