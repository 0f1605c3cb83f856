/** A project's realtime: its settings (the limits in force, what its server streams). */
export const realtimeKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'realtime'] as const,
  settings: (projectRef: string | undefined) => ['projects', projectRef, 'realtime', 'settings'] as const,
}
