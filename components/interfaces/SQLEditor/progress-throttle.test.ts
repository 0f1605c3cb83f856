import { vi } from 'vitest'
import { RunStream } from '@/lib/sql/run-stream'
import { progressThrottle } from './progress-throttle'

function runWith(rows: number) {
  const run = new RunStream()
  run.apply({ type: 'columns', columns: [{ name: 'n', dataTypeID: 23 }] })
  if (rows) run.apply({ type: 'rows', rows: Array.from({ length: rows }, (_, i) => [i]) })
  return run
}

describe('progressThrottle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows the first rows at once, later batches at most once per interval', () => {
    const show = vi.fn()
    const progress = progressThrottle(show, 100)
    progress.update(runWith(0)) // columns only: waits
    expect(show).not.toHaveBeenCalled()
    const run = runWith(10)
    progress.update(run)
    expect(show).toHaveBeenCalledTimes(1)
    progress.update(run)
    progress.update(run)
    expect(show).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(100)
    expect(show).toHaveBeenCalledTimes(2)
  })

  it('drops a pending update once stopped (the final outcome replaces it)', () => {
    const show = vi.fn()
    const progress = progressThrottle(show, 100)
    progress.update(runWith(0))
    progress.stop()
    vi.advanceTimersByTime(500)
    expect(show).not.toHaveBeenCalled()
  })
})
