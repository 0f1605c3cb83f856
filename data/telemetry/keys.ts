export const telemetryKeys = {
  mine: () => ['telemetry', 'me'] as const,
}
