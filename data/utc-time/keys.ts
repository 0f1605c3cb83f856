export const utcTimeKeys = {
  clock: () => ['utc-time'] as const,
}
