/**
 * Best-effort recording of log events: `recordLog` only pushes onto an in-memory buffer and
 * returns; the buffer is written to the control plane in one or two statements at most every
 * LOG_FLUSH_INTERVAL_MS. A request never waits for its log and never fails because of it. What
 * this costs: events of the last interval are lost when the process dies (a clean close writes
 * them); while a write is slow, at most LOG_BUFFER_MAX_EVENTS events (LOG_BUFFER_MAX_BYTES of
 * JSON) wait and newer ones are dropped and counted; a write the control plane refuses as a whole
 * (it is down) loses its events, counted too. Failures are reported once until writes work again.
 *
 * Every string an event keeps is bounded (boundedText): one event costs at most a few kilobytes
 * and is always valid JSON for Postgres. Should an event still be refused (a data error), the
 * batch is written again in halves, so only that event is lost, not every project's events of
 * the interval.
 *
 * Events name their project by ref (edge_logs, postgres_logs) or their user (auth_logs): the write
 * finds the project's organization, or every organization the user is a member of at that moment,
 * by joining the control plane, so a ref no project has records nothing.
 */
import type { Platform } from '../kernel/platform'
import type { LogLevel } from '@/lib/api-types'
import type { RecordedSource } from '@/lib/logs/sources'
import { boundedStrings, boundedText } from '@/lib/logs/bounded-text'
import type { Queryable } from '../db/control-plane'
import { logSettings } from './log-settings'

export type LogEventInput = {
  source: RecordedSource
  level: LogLevel
  message: string
  metadata: Record<string, unknown>
  at?: Date
} & ({ projectRef: string } | { userId: string })

type Pending = { ref?: string; user_id?: string; source: RecordedSource; level: LogLevel; message: string; metadata: Record<string, unknown>; at: string }

type Buffer = {
  events: Pending[]
  bytes: number
  timer: NodeJS.Timeout | null
  dropped: number
  failing: boolean
  stopped: boolean
  flushing: Promise<void> | null
}

export const MAX_MESSAGE = 2000
/** Metadata strings whose length is worth more than the rest: Postgres' own explanations. */
export const METADATA_LIMITS: Readonly<Record<string, number>> = { detail: 2000, hint: 2000, query: 1000 }
export const MAX_METADATA_STRING = 1000

// On the platform object: see log-settings.ts for why not in a module variable.
const BUFFER = Symbol.for('supaboard.logBuffer')
type WithBuffer = { [BUFFER]?: Buffer }

function bufferOf(platform: Platform): Buffer {
  const holder = platform as WithBuffer
  return (holder[BUFFER] ??= { events: [], bytes: 0, timer: null, dropped: 0, failing: false, stopped: false, flushing: null })
}

/** The event as it is stored: every string bounded, the time as ISO text. */
export function pendingEvent(event: LogEventInput): Pending {
  const at = event.at && !Number.isNaN(event.at.getTime()) ? event.at : new Date()
  return {
    ...('projectRef' in event ? { ref: event.projectRef } : { user_id: event.userId }),
    source: event.source,
    level: event.level,
    message: boundedText(event.message, MAX_MESSAGE),
    metadata: boundedStrings(event.metadata, METADATA_LIMITS, MAX_METADATA_STRING) as Record<string, unknown>,
    at: at.toISOString(),
  }
}

export function recordLog(platform: Platform, event: LogEventInput): void {
  const buffer = bufferOf(platform)
  if (buffer.stopped) return
  const { bufferMaxEvents, bufferMaxBytes, flushIntervalMs } = logSettings(platform)
  let pending: Pending
  let bytes: number
  try {
    pending = pendingEvent(event)
    bytes = JSON.stringify(pending).length
  } catch {
    // Metadata JSON cannot carry (a cycle, a bigint): the event is lost, the request is not.
    buffer.dropped++
    return
  }
  if (buffer.events.length >= bufferMaxEvents || buffer.bytes + bytes > bufferMaxBytes) {
    buffer.dropped++
    return
  }
  buffer.events.push(pending)
  buffer.bytes += bytes
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => {
      buffer.timer = null
      void flushLogs(platform)
    }, flushIntervalMs)
    buffer.timer.unref()
  }
}

/** How many events wait to be written (tests). */
export const waitingLogEvents = (platform: Platform): number => bufferOf(platform).events.length

/** Writes every waiting event now (tests, and a clean close). Never throws. */
export async function flushLogs(platform: Platform): Promise<void> {
  const buffer = bufferOf(platform)
  // Whatever is waiting is written now: a scheduled write has nothing left to do (the next event schedules its own).
  if (buffer.timer) clearTimeout(buffer.timer)
  buffer.timer = null
  // One write at a time: the next starts once the one running ended, and takes what is left.
  while (buffer.flushing) await buffer.flushing
  if (buffer.events.length === 0) return
  const events = buffer.events
  buffer.events = []
  buffer.bytes = 0
  buffer.flushing = write(platform, buffer, events).finally(() => {
    buffer.flushing = null
  })
  await buffer.flushing
}

/** Writes what is waiting and records nothing more: closing the platform. */
export async function stopLogRecorder(platform: Platform): Promise<void> {
  const buffer = bufferOf(platform)
  buffer.stopped = true
  await flushLogs(platform)
}

const RECORD = `jsonb_to_recordset($1::jsonb) as e(ref text, user_id uuid, source text, level text, message text, metadata jsonb, at timestamptz)`

const INSERT_OF_PROJECTS = `insert into log_events (organization_id, project_id, source, occurred_at, level, event_message, metadata)
  select p.organization_id, p.id, e.source, e.at, e.level, e.message, e.metadata from ${RECORD} join projects p on p.ref = e.ref`

const INSERT_OF_USERS = `insert into log_events (organization_id, project_id, source, occurred_at, level, event_message, metadata)
  select m.organization_id, null, e.source, e.at, e.level, e.message, e.metadata from ${RECORD}
    join profiles pr on pr.user_id = e.user_id join organization_members m on m.profile_id = pr.id`

/**
 * Writes a user's auth event in the caller's transaction: it is logged exactly when what it
 * tells of commits (a sign-in whose transaction rolls back was never a sign-in).
 */
export async function recordLogInTransaction(tx: Queryable, event: LogEventInput & { userId: string }): Promise<void> {
  await tx.query(INSERT_OF_USERS, [JSON.stringify([pendingEvent(event)])])
}

/** A data error (class 22) or a refused row (class 23): the events, not the control plane, are at fault. */
const isDataError = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown } | null)?.code ?? ''))

async function write(platform: Platform, buffer: Buffer, events: Pending[]): Promise<void> {
  const ofProjects = events.filter((e) => e.ref !== undefined)
  const ofUsers = events.filter((e) => e.user_id !== undefined)
  const lost = (await writeSplitting(platform, INSERT_OF_PROJECTS, ofProjects)) + (await writeSplitting(platform, INSERT_OF_USERS, ofUsers))
  if (lost) {
    buffer.dropped += lost
    return
  }
  if (buffer.failing || buffer.dropped) {
    console.warn(`Writing logs works again${buffer.dropped ? `; ${buffer.dropped} events were lost (a full buffer, a failed write or an event the control plane refused)` : ''}.`)
  }
  buffer.failing = false
  buffer.dropped = 0

  /** Writes the events, in halves when one of them is refused; answers how many were lost. */
  async function writeSplitting(platform: Platform, sql: string, batch: Pending[]): Promise<number> {
    if (batch.length === 0) return 0
    try {
      await platform.db.query(sql, [JSON.stringify(batch)])
      return 0
    } catch (error) {
      if (!isDataError(error) || batch.length === 1) {
        if (!buffer.failing) console.error(`Writing ${batch.length} log events failed (reported once until writes work again):`, (error as Error).message)
        buffer.failing = true
        return batch.length
      }
      const half = Math.ceil(batch.length / 2)
      return (await writeSplitting(platform, sql, batch.slice(0, half))) + (await writeSplitting(platform, sql, batch.slice(half)))
    }
  }
}
