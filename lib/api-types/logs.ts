/**
 * A project's logs (API requests, auth events, Postgres errors and slow statements), kept for the organization plan's retention.
 * One read answers a page of events (newest first, keyset by timestamp and id) and a histogram of
 * the whole range with the same filters. docs/logs.md says what each source records.
 */
import { z } from 'zod'
import { LOG_SOURCE_NAMES } from '../logs/sources'
import { textField } from './zod-helpers'

export const LOG_LEVELS = ['info', 'warning', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const MAX_LOG_ROWS = 1000
export const DEFAULT_LOG_ROWS = 100
export const MAX_LOG_SEARCH = 200

const isoDate = (label: string) =>
  textField(label)
    .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), {
      message: `${label} must be an ISO 8601 date and time with a time zone, such as 2025-01-31T12:00:00Z`,
    })
    .transform((text) => new Date(text))

/** Where the next page starts: the last event's timestamp in microseconds since 1970, a dot, and its id. */
export const logCursor = z.string().regex(/^\d{1,17}\.\d{1,18}$/, 'before must be the cursor a previous page answered')

export const logsQuery = z
  .object({
    source: z.enum(LOG_SOURCE_NAMES, { error: `source must be one of ${LOG_SOURCE_NAMES.join(', ')}` }).default('edge_logs'),
    start: isoDate('start').optional(),
    end: isoDate('end').optional(),
    level: z.enum(LOG_LEVELS, { error: `level must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
    search: textField('search')
      .max(MAX_LOG_SEARCH, `search must be at most ${MAX_LOG_SEARCH} characters`)
      .refine((text) => !text.includes('\u0000'), 'search must not contain the NUL character')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_LOG_ROWS, `limit must be at most ${MAX_LOG_ROWS}`)
      .default(DEFAULT_LOG_ROWS),
    before: logCursor.optional(),
  })
  .refine((q) => !q.start || !q.end || q.end.getTime() >= q.start.getTime(), { message: 'end must not be before start', path: ['end'] })
export type LogsQuery = z.input<typeof logsQuery>

export const logEvent = z.object({
  id: z.string(),
  timestamp: z.string(),
  level: z.enum(LOG_LEVELS),
  event_message: z.string(),
  metadata: z.record(z.string(), z.unknown()),
})
export type LogEvent = z.infer<typeof logEvent>

export const logHistogramBucket = z.object({
  /** The bucket's start (ISO); it spans `bucketSeconds`. */
  timestamp: z.string(),
  count: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
})
export type LogHistogramBucket = z.infer<typeof logHistogramBucket>

export const logsAnswer = z.object({
  source: z.enum(LOG_SOURCE_NAMES),
  /** False: the platform does not run this service; there are never events. */
  recorded: z.boolean(),
  /** How long the organization's plan keeps logs. */
  retentionDays: z.number().int(),
  /** The range answered (start raised to the retention limit when it was a little before it). */
  start: z.string(),
  end: z.string(),
  events: z.array(logEvent),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextCursor: z.string().nullable(),
  histogram: z.object({ bucketSeconds: z.number().int(), buckets: z.array(logHistogramBucket) }),
})
export type LogsAnswer = z.infer<typeof logsAnswer>
