/**
 * `function_logs` (SPEC §3): what a function's worker prints, one event per line (stdout as
 * `info`, stderr, where Deno writes uncaught errors and console.error, as `error`), with the
 * function and version that printed it. Its invocations are `function_edge_logs`, recorded by the
 * gateway with the function's id and version beside the request's fields (service.ts).
 */
import type { Platform } from '../kernel/platform'
import { recordLog } from '../logs/recorder'
import type { WorkerLine, WorkerSpec } from './worker'

export function logFunctionLine(platform: Platform, spec: WorkerSpec, line: WorkerLine): void {
  if (!line.text.trim()) return
  recordLog(platform, {
    projectRef: spec.ref,
    source: 'function_logs',
    level: line.level,
    message: line.text,
    metadata: { function_slug: spec.slug, version: spec.version },
  })
}
