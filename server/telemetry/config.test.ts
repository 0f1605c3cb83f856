import { expect, it } from 'vitest'
import { readTelemetryConfig, TELEMETRY_DEFAULTS } from './config'

const envOf = (vars: Record<string, string>) => (name: string) => vars[name]

it('caps what anonymous callers store per day by default, and reads the caps (0 = no cap)', () => {
  expect(readTelemetryConfig(envOf({}))).toMatchObject({
    dailyBytes: { perAddressBytes: TELEMETRY_DEFAULTS.dailyBytesPerAddress, totalBytes: TELEMETRY_DEFAULTS.dailyBytesTotal },
    errorReportDailyBytes: { perAddressBytes: TELEMETRY_DEFAULTS.errorReportDailyBytesPerAddress, totalBytes: TELEMETRY_DEFAULTS.errorReportDailyBytesTotal },
  })
  const read = readTelemetryConfig(
    envOf({ TELEMETRY_DAILY_BYTES_PER_ADDRESS: '1000', TELEMETRY_DAILY_BYTES_TOTAL: '0', ERROR_REPORTS_DAILY_BYTES_PER_ADDRESS: '5', ERROR_REPORTS_DAILY_BYTES_TOTAL: '9' })
  )
  expect(read.dailyBytes).toEqual({ perAddressBytes: 1000, totalBytes: 0 })
  expect(read.errorReportDailyBytes).toEqual({ perAddressBytes: 5, totalBytes: 9 })
  expect(() => readTelemetryConfig(envOf({ TELEMETRY_DAILY_BYTES_TOTAL: '-1' }))).toThrow(/TELEMETRY_DAILY_BYTES_TOTAL must be a whole number/)
})
