import type { PlansAnswer } from '@/lib/api-types'
import { PlatformError } from '../http/errors'

export function listPlans(): PlansAnswer {
  throw new PlatformError(501, 'Not built yet')
}
