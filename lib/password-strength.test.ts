import { NEEDS_STRONGER, STRENGTH_MESSAGES, STRENGTH_WIDTHS, strengthProblem } from './password-strength'

const result = (score: number, warning = '') => ({ score, feedback: { warning, suggestions: [] } })

describe('password strength wording', () => {
  it('has a message and a bar width for every score', () => {
    expect(STRENGTH_MESSAGES).toHaveLength(5)
    expect(STRENGTH_WIDTHS).toEqual(['10%', '30%', '50%', '80%', '100%'])
  })

  it('below 4: the warning first, then the rule', () => {
    expect(strengthProblem(result(1, 'This is a commonly used password'))).toBe(`This is a commonly used password. ${NEEDS_STRONGER}`)
    expect(strengthProblem(result(3))).toBe(NEEDS_STRONGER)
    expect(strengthProblem(result(4, 'ignored'))).toBeNull()
  })
})
