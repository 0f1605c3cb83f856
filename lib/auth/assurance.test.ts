import { needsSecondFactor, tokenAal } from './assurance'

const token = (claims: object) => `x.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.y`

describe('second factor', () => {
  it('reads the aal claim, and nothing from garbage', () => {
    expect(tokenAal(token({ aal: 'aal2' }))).toBe('aal2')
    expect(tokenAal('garbage')).toBeNull()
  })

  it('is owed only with a verified factor and an aal1 token', () => {
    const verified = { factors: [{ status: 'verified' }] }
    expect(needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: verified })).toBe(true)
    expect(needsSecondFactor({ access_token: token({ aal: 'aal2' }), user: verified })).toBe(false)
    expect(needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: { factors: [{ status: 'unverified' }] } })).toBe(false)
    expect(needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: {} })).toBe(false)
    expect(needsSecondFactor(null)).toBe(false)
  })
})
