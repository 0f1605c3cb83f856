import { describe, expect, it } from 'vitest'
import { readPasswordRule } from './password-config'

const reader = (vars: Record<string, string>) => (name: string) => vars[name]

describe('the password rule of the auth service', () => {
  it("is the dashboard's by default: 6 characters and a strength score of 4", () => {
    expect(readPasswordRule(reader({}))).toEqual({ minLength: 6, minScore: 4 })
  })

  it('reads PASSWORD_MIN_LENGTH and PASSWORD_MIN_SCORE (0 leaves GoTrue\'s length rule alone)', () => {
    expect(readPasswordRule(reader({ PASSWORD_MIN_LENGTH: '12', PASSWORD_MIN_SCORE: '0' }))).toEqual({ minLength: 12, minScore: 0 })
  })

  it.each([
    ['PASSWORD_MIN_SCORE', '5', /PASSWORD_MIN_SCORE must be a whole number from 0 to 4, got "5"/],
    ['PASSWORD_MIN_SCORE', 'strong', /PASSWORD_MIN_SCORE/],
    ['PASSWORD_MIN_LENGTH', '0', /PASSWORD_MIN_LENGTH must be a whole number from 1 to 99/],
    ['PASSWORD_MIN_LENGTH', '100', /PASSWORD_MIN_LENGTH must be a whole number from 1 to 99/],
    ['PASSWORD_MIN_LENGTH', '8.5', /PASSWORD_MIN_LENGTH/],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => readPasswordRule(reader({ [name]: value }))).toThrow(message)
  })
})
