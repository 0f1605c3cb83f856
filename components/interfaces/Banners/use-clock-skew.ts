import { useServerClockQuery } from '@/data/utc-time/utc-time-query'
import { CLOCK_CHECK_INTERVAL_MS } from './banners.constants'
import { isClockSkewed } from './banners.utils'

/** Whether this browser's clock is off (SPEC §5), checked on load and every 30 minutes while `enabled`. */
export function useClockSkew({ enabled }: { enabled: boolean }): boolean {
  const { data } = useServerClockQuery({ enabled, staleTime: CLOCK_CHECK_INTERVAL_MS, refetchInterval: CLOCK_CHECK_INTERVAL_MS })
  return enabled && !!data && isClockSkewed(data.utcTime, data.localTime)
}
