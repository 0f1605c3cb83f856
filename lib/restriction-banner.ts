import dayjs from 'dayjs'
import type { Organization } from './api-types'

/** The organization restriction banner's sentence (SPEC §4), or null when there is none to show. */
export function restrictionBannerText(org: Pick<Organization, 'restriction_status' | 'restriction_data'>): string | null {
  switch (org.restriction_status) {
    case 'grace_period': {
      const end = org.restriction_data?.grace_period_end
      const date = end && dayjs(end).isValid() ? dayjs(end).format('DD MMM, YYYY') : 'the end of the grace period'
      return `Your organization has exceeded its quota. You are given a grace period until ${date}`
    }
    case 'grace_period_over':
      return 'Your grace period is over and your project will not be able to serve requests when you used up your quota.'
    case 'restricted':
      return 'Your project is unable to serve any requests as your organization has used up its quota.'
    default:
      return null
  }
}
