/**
 * Telemetry's settings, read by server/config.ts (the one place the environment is read) through
 * the `env` it passes in. docs/telemetry.md and docs/configuration.md describe them.
 */
import type { RateLimit } from '../security/rate-limit-type'

/** The shape of server/security/daily-caps.ts's DailyCap: bytes a day (UTC), 0 = no cap. */
type DailyCap = { perAddressBytes: number; totalBytes: number }

export type TelemetryConfig = {
  /** Telemetry rows (and anonymous-id links) older than this are deleted by the scheduler. */
  retentionDays: number
  /** Client error reports older than this are deleted by the scheduler. */
  errorReportRetentionDays: number
  /** Telemetry writes (page views, events, identify …) per client IP; limit 0 turns it off. */
  perIp: RateLimit
  /** Client error reports per client IP; limit 0 turns it off. */
  errorReportsPerIp: RateLimit
  /** Bytes of page views and events (the anonymous telemetry routes) stored a day, per client address and in all. */
  dailyBytes: DailyCap
  /** Bytes of client error reports stored a day, per client address and in all. */
  errorReportDailyBytes: DailyCap
}

export const TELEMETRY_DEFAULTS = {
  retentionDays: 90,
  errorReportRetentionDays: 30,
  /** A busy user sends a few page views a minute; an office behind one address sends many more. */
  perIpPerFiveMinutes: 300,
  errorReportsPerIpPerFiveMinutes: 60,
  /** About 10,000 page views: a busy office behind one address stays under it. */
  dailyBytesPerAddress: 10_000_000,
  /** With 90 days of retention, anonymous telemetry never passes about 9 GB. */
  dailyBytesTotal: 100_000_000,
  /** Hundreds of reports with long stack traces. */
  errorReportDailyBytesPerAddress: 2_000_000,
  /** With 30 days of retention, error reports never pass about 1.5 GB. */
  errorReportDailyBytesTotal: 50_000_000,
} as const

type Env = (name: string) => string | undefined

function wholeNumber(env: Env, name: string, fallback: number, { allowZero }: { allowZero: boolean }): number {
  const raw = env(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || (!allowZero && value === 0))
    throw new Error(`${name} must be a ${allowZero ? 'whole number (0 or more)' : 'positive whole number'}, got "${raw}"`)
  return value
}

export function readTelemetryConfig(env: Env): TelemetryConfig {
  const days = (name: string, fallback: number) => wholeNumber(env, name, fallback, { allowZero: false })
  const perFiveMinutes = (name: string, fallback: number): RateLimit => ({
    limit: wholeNumber(env, name, fallback, { allowZero: true }),
    windowSeconds: 300,
  })
  const bytes = (name: string, fallback: number) => wholeNumber(env, name, fallback, { allowZero: true })
  return {
    retentionDays: days('TELEMETRY_RETENTION_DAYS', TELEMETRY_DEFAULTS.retentionDays),
    errorReportRetentionDays: days('ERROR_REPORT_RETENTION_DAYS', TELEMETRY_DEFAULTS.errorReportRetentionDays),
    perIp: perFiveMinutes('RATE_LIMIT_TELEMETRY', TELEMETRY_DEFAULTS.perIpPerFiveMinutes),
    errorReportsPerIp: perFiveMinutes('RATE_LIMIT_ERROR_REPORTS', TELEMETRY_DEFAULTS.errorReportsPerIpPerFiveMinutes),
    dailyBytes: {
      perAddressBytes: bytes('TELEMETRY_DAILY_BYTES_PER_ADDRESS', TELEMETRY_DEFAULTS.dailyBytesPerAddress),
      totalBytes: bytes('TELEMETRY_DAILY_BYTES_TOTAL', TELEMETRY_DEFAULTS.dailyBytesTotal),
    },
    errorReportDailyBytes: {
      perAddressBytes: bytes('ERROR_REPORTS_DAILY_BYTES_PER_ADDRESS', TELEMETRY_DEFAULTS.errorReportDailyBytesPerAddress),
      totalBytes: bytes('ERROR_REPORTS_DAILY_BYTES_TOTAL', TELEMETRY_DEFAULTS.errorReportDailyBytesTotal),
    },
  }
}
