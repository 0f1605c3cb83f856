/**
 * The log recorder's settings, read from the environment once (LOG_* and SLOW_STATEMENT_MS),
 * with a per-platform override for tests and embedders (`overrideLogSettings`). Kept here until
 * they join the platform's configuration (server/config.ts).
 */
import { z } from 'zod'
import type { Platform } from '../kernel/platform'

const envSchema = z.object({
  /** A statement that runs at least this long is logged in postgres_logs; 0 turns it off. */
  SLOW_STATEMENT_MS: z.coerce.number().int().min(0).default(1000),
  /** Events waiting to be written at most; beyond it new events are dropped (and counted in the server log). */
  LOG_BUFFER_MAX_EVENTS: z.coerce.number().int().min(1).default(10_000),
  /** The same in bytes of the events' JSON: events are bounded (recorder.ts), but thousands of large ones add up. */
  LOG_BUFFER_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /** How often waiting events are written to the control plane. */
  LOG_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
})

export type LogSettings = { slowStatementMs: number; bufferMaxEvents: number; bufferMaxBytes: number; flushIntervalMs: number }

export function readLogSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) throw new Error(`Invalid log settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return {
    slowStatementMs: parsed.data.SLOW_STATEMENT_MS,
    bufferMaxEvents: parsed.data.LOG_BUFFER_MAX_EVENTS,
    bufferMaxBytes: parsed.data.LOG_BUFFER_MAX_BYTES,
    flushIntervalMs: parsed.data.LOG_FLUSH_INTERVAL_MS,
  }
}

// On the platform object, not in a module variable: Next bundles the API route and the
// instrumentation hook apart, each with its own copy of this module (see server/platform.ts).
const OVERRIDE = Symbol.for('supaboard.logSettings')
type WithSettings = { [OVERRIDE]?: LogSettings }

let fromEnv: LogSettings | undefined

export function logSettings(platform: Platform): LogSettings {
  return (platform as WithSettings)[OVERRIDE] ?? (fromEnv ??= readLogSettings())
}

export function overrideLogSettings(platform: Platform, settings: Partial<LogSettings>): void {
  ;(platform as WithSettings)[OVERRIDE] = { ...logSettings(platform), ...settings }
}
