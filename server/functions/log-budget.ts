/**
 * How many printed lines a project's functions get into `function_logs`: a bucket of `burst`
 * lines that refills at `perSecond`, for all of the project's workers together. The log buffer is
 * shared by every project (server/logs/recorder.ts drops new events once it is full), so without
 * it one function printing in a loop would push every other project's events out. Lines over the
 * budget are counted, and the count is said in the log once lines are taken again.
 */
export const FUNCTION_LOG_LINES_PER_SECOND = 100
export const FUNCTION_LOG_BURST = 1000

export class LineBudget {
  private tokens: number
  private last: number
  private refused = 0

  constructor(
    private readonly perSecond = FUNCTION_LOG_LINES_PER_SECOND,
    private readonly burst = FUNCTION_LOG_BURST,
    private readonly now: () => number = Date.now
  ) {
    this.tokens = burst
    this.last = now()
  }

  /** Whether one more line is kept: answers the lines refused before it (0 mostly), or null when this one is refused too. */
  take(): number | null {
    const now = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond)
    this.last = now
    if (this.tokens < 1) {
      this.refused++
      return null
    }
    this.tokens -= 1
    const refused = this.refused
    this.refused = 0
    return refused
  }
}
