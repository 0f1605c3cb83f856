/**
 * `function_logs` (SPEC §3): what a function's worker prints, one event per line (stdout as
 * `info`, stderr, where Deno writes uncaught errors and console.error, as `error`), with the
 * function and version that printed it. Its invocations are `function_edge_logs`, recorded by the
 * gateway with the function's id and version beside the request's fields (service.ts). A
 * project's lines are bounded by a budget (log-budget.ts): the log buffer is every project's.
 */
import type { Platform } from '../kernel/platform'
import { recordLog } from '../logs/recorder'
import type { WorkerLine, WorkerSpec } from './worker'
import { FUNCTION_LOG_LINES_PER_SECOND, LineBudget } from './log-budget'

const budgets = new WeakMap<Platform, Map<string, LineBudget>>()

function budgetOf(platform: Platform, ref: string): LineBudget {
  let ofPlatform = budgets.get(platform)
  if (!ofPlatform) budgets.set(platform, (ofPlatform = new Map()))
  let budget = ofPlatform.get(ref)
  if (!budget) ofPlatform.set(ref, (budget = new LineBudget()))
  return budget
}

export function logFunctionLine(platform: Platform, spec: WorkerSpec, line: WorkerLine): void {
  if (!line.text.trim()) return
  const refused = budgetOf(platform, spec.ref).take()
  if (refused === null) return
  if (refused > 0)
    recordLog(platform, {
      projectRef: spec.ref,
      source: 'function_logs',
      level: 'warning',
      message: `${refused} printed line${refused === 1 ? ' was' : 's were'} not recorded: this project's functions printed more than ${FUNCTION_LOG_LINES_PER_SECOND} lines a second.`,
      metadata: { function_slug: spec.slug, version: spec.version, dropped_lines: refused },
    })
  recordLog(platform, {
    projectRef: spec.ref,
    source: 'function_logs',
    level: line.level,
    message: line.text,
    metadata: { function_slug: spec.slug, version: spec.version },
  })
}
