/**
 * Turns the lines of a streamed run (`POST /platform/pg-meta/{ref}/query?format=ndjson`, see
 * docs/api.md) into results as they arrive. The lines come from our own platform, so they are
 * checked for shape cheaply (a rows line can hold thousands of rows: no schema walk per value).
 */
import type { PgErrorDetail } from '@/lib/api-types'
import type { ResultColumn } from '@/lib/api-types/sql'
import { newRunResult, type RunResult } from './result-set'

export type RunNotice = { severity: string; message: string; code?: string; detail?: string; hint?: string }

export type StreamFailure = { status: number; message: string; pg?: PgErrorDetail; requestId?: string }

type Line = Record<string, unknown>

const isObject = (value: unknown): value is Line => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

export class RunStream {
  readonly results: RunResult[] = []
  readonly notices: RunNotice[] = []
  /** Set by the end line: the server's execution time. */
  durationMs: number | null = null
  /** Set by an error line: the run failed after its first lines. */
  failure: StreamFailure | null = null
  /** Rows received over all statements (for a live count). */
  rowsReceived = 0
  private current: RunResult | null = null

  /** The run is over (an end or an error line came). */
  get ended() {
    return this.durationMs !== null || this.failure !== null
  }

  /** Applies one parsed line; throws on a line that is not one of ours. */
  apply(line: unknown) {
    if (!isObject(line)) throw new Error('The platform sent a result line that is not an object.')
    switch (line.type) {
      case 'columns': {
        if (!Array.isArray(line.columns)) throw new Error('The platform sent columns without a list.')
        this.current = newRunResult(line.columns as ResultColumn[])
        this.results.push(this.current)
        return
      }
      case 'rows': {
        if (!this.current || !Array.isArray(line.rows)) throw new Error('The platform sent rows outside a result.')
        this.current.rows.append(line.rows as unknown[][])
        this.rowsReceived += line.rows.length
        return
      }
      case 'complete': {
        // A statement without rows (CREATE, INSERT …) has no columns line: its result starts here.
        const result = this.current ?? newRunResult([])
        if (!this.current) this.results.push(result)
        result.command = text(line.command) ?? ''
        result.rowCount = typeof line.rowCount === 'number' ? line.rowCount : null
        result.complete = true
        this.current = null
        return
      }
      case 'notice':
        this.notices.push({
          severity: text(line.severity) ?? 'NOTICE',
          message: text(line.message) ?? '',
          code: text(line.code),
          detail: text(line.detail),
          hint: text(line.hint),
        })
        return
      case 'end':
        this.durationMs = typeof line.durationMs === 'number' ? line.durationMs : 0
        return
      case 'error':
        this.failure = {
          status: typeof line.status === 'number' ? line.status : 500,
          message: text(line.message) ?? 'The query failed.',
          pg: isObject(line.pg) ? (line.pg as PgErrorDetail) : undefined,
          requestId: text(line.requestId),
        }
        return
      default:
        // A line type of a newer platform: nothing to show for it here.
        return
    }
  }
}
