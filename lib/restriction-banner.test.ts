import { describe, expect, it } from 'vitest'
import { restrictionBannerText } from './restriction-banner'

describe('restrictionBannerText', () => {
  it('grace_period names the end as DD MMM, YYYY', () => {
    expect(restrictionBannerText({ restriction_status: 'grace_period', restriction_data: { grace_period_end: '2026-03-05T12:00:00.000Z' } })).toBe(
      'Your organization has exceeded its quota. You are given a grace period until 05 Mar, 2026'
    )
  })

  it('grace_period_over and restricted have their own sentences', () => {
    expect(restrictionBannerText({ restriction_status: 'grace_period_over', restriction_data: null })).toBe(
      'Your grace period is over and your project will not be able to serve requests when you used up your quota.'
    )
    expect(restrictionBannerText({ restriction_status: 'restricted', restriction_data: null })).toBe(
      'Your project is unable to serve any requests as your organization has used up its quota.'
    )
  })

  it('no status, no banner', () => {
    expect(restrictionBannerText({ restriction_status: null, restriction_data: null })).toBeNull()
  })
})
