/**
 * `realtime_logs` (SPEC §3): what happens to a project's sockets — connections, channel joins and
 * leaves, refusals and closes — never a token or a payload. REST broadcasts are logged by the
 * gateway as requests of the same source.
 */
import type { LogLevel } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { recordLog } from '../logs/recorder'

export type RealtimeEvent = { event: 'connect' | 'join' | 'leave' | 'close' | 'refused'; channel?: string; role?: string; reason?: string; level?: LogLevel }

const MESSAGES: Record<RealtimeEvent['event'], (e: RealtimeEvent) => string> = {
  connect: (e) => `Connected with the ${e.role} key`,
  join: (e) => `Joined ${e.channel} as ${e.role}`,
  leave: (e) => `Left ${e.channel}`,
  close: (e) => `Closed${e.reason ? `: ${e.reason}` : ''}`,
  refused: (e) => `Refused${e.channel ? ` ${e.channel}` : ''}: ${e.reason}`,
}

export function logRealtime(platform: Platform, ref: string, entry: RealtimeEvent): void {
  const { level = entry.event === 'refused' ? 'warning' : 'info', ...metadata } = entry
  recordLog(platform, { projectRef: ref, source: 'realtime_logs', level, message: MESSAGES[entry.event](entry), metadata })
}
