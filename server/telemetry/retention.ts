/**
 * Telemetry does not grow forever: the scheduler deletes rows older than TELEMETRY_RETENTION_DAYS
 * (and anonymous-id links not renewed for as long), and client error reports older than
 * ERROR_REPORT_RETENTION_DAYS. At most BATCH rows of each per pass, so that a first pass over a
 * large backlog never holds the control plane for long; the next passes take the rest.
 */
import type { Platform } from '../kernel/platform'

export const PRUNE_BATCH = 10_000

export async function pruneTelemetry(platform: Platform, batch = PRUNE_BATCH): Promise<void> {
  const { retentionDays, errorReportRetentionDays } = platform.config.telemetry
  await platform.db.query(
    `delete from telemetry_events where id in (
       select id from telemetry_events where created_at < now() - make_interval(days => $1) limit $2)`,
    [retentionDays, batch]
  )
  await platform.db.query(`delete from telemetry_identities where linked_at < now() - make_interval(days => $1)`, [retentionDays])
  await platform.db.query(
    `delete from client_error_reports where id in (
       select id from client_error_reports where created_at < now() - make_interval(days => $1) limit $2)`,
    [errorReportRetentionDays, batch]
  )
}
