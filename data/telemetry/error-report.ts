/**
 * SPEC §7's error-reporting service, here the platform's `POST /platform/error-reports`. Sent
 * whatever the telemetry consent (reports are operational: see docs/telemetry.md), without a
 * session. Throws ResponseError.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import type { ErrorReportBody } from '@/lib/api-types'
import { call } from '../fetchers'

export async function sendErrorReport(body: ErrorReportBody): Promise<void> {
  await call(telemetryRoutes.reportClientError, { body })
}
