import { Clock } from 'lucide-react'
import { FLAG_KEYS } from '@/lib/api-types/flag-keys'
import { useFlag } from '@/data/feature-flags/use-flag'
import { Banner } from './Banner'
import { CLOCK_SKEW_MESSAGE } from './banners.constants'
import { useClockSkew } from './use-clock-skew'

/** SPEC §5, §8: the browser's clock and the server's differ by more than 2 minutes (tokens would look expired or not yet valid). */
export function ClockSkewBanner() {
  const enabled = useFlag(FLAG_KEYS.clockSkewBanner)
  const skewed = useClockSkew({ enabled })
  if (!skewed) return null
  return (
    <Banner tone="warning" icon={Clock} data-testid="clock-skew-banner">
      {CLOCK_SKEW_MESSAGE}
    </Banner>
  )
}
